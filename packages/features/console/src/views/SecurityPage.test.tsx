import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderConsole } from '../test/renderConsole.tsx';
import { sessionOf, testOperator } from '../test/fixtures.ts';

describe('SecurityPage', () => {
  it('lets an owner require two-step sign-in for the channel', async () => {
    const user = userEvent.setup();
    let requireTotp = false;
    const { api } = await renderConsole({
      route: '/security',
      routes: {
        'GET /console/session': sessionOf(testOperator()),
        'GET /console/security': () => ({ json: { requireTotp } }),
        'PATCH /console/security': (request) => {
          requireTotp = request.body?.requireTotp === true;
          return { json: { requireTotp } };
        },
      },
    });
    const box = await screen.findByRole('checkbox', { name: 'Require two-step sign-in for every operator' });
    expect(box).not.toBeChecked();
    await user.click(box);
    expect(await screen.findByText('Security settings saved. Two-step sign-in is required.')).toHaveRole('status');
    expect(await screen.findByRole('checkbox', { name: 'Require two-step sign-in for every operator' })).toBeChecked();
    expect(api.calls.find((call) => call.method === 'PATCH')?.body).toMatchObject({ requireTotp: true });
  });
});
