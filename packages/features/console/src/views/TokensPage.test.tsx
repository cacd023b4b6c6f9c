import { axe } from '@grandstand/vitest-config/axe';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { IntegrationToken } from '@grandstand/contract';
import { renderConsole } from '../test/renderConsole.tsx';
import { sessionOf, testOperator } from '../test/fixtures.ts';

describe('TokensPage', () => {
  it('creates a token, shows it this once with a copy button, then revokes it', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const tokens: IntegrationToken[] = [];
    const { container } = await renderConsole({
      route: '/tokens',
      routes: {
        'GET /console/session': sessionOf(testOperator()),
        'GET /console/tokens': () => ({ json: { tokens } }),
        'POST /console/tokens': (request) => {
          const integrationToken = { id: 4, name: String(request.body?.name), role: 'producer' as const, createdAt: '2026-12-06T05:00:00.000Z', lastUsedAt: null };
          tokens.push(integrationToken);
          return { json: { token: 'gsc_secret-shown-once', integrationToken } };
        },
        'DELETE /console/tokens/4': () => {
          tokens.pop();
          return { json: { ok: true } };
        },
      },
    });
    expect(await screen.findByText('No integration tokens.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create token' }));
    expect(await screen.findByText('Field is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^What uses it/), 'League scheduler');
    await user.click(screen.getByRole('button', { name: 'Create token' }));

    const secret = await screen.findByLabelText('New token for League scheduler');
    expect(secret).toHaveTextContent('gsc_secret-shown-once');
    expect(screen.getByRole('heading', { name: 'Copy the token now' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith('gsc_secret-shown-once');
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeInTheDocument();
    expect(await axe(container)).toHaveNoViolations();
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByText('gsc_secret-shown-once')).toBeNull();

    const row = (await screen.findByRole('cell', { name: 'League scheduler' })).closest('tr');
    expect(row).not.toBeNull();
    expect(within(row as HTMLElement).getByText('Never')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Revoke League scheduler' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('League scheduler revoked.')).toBeInTheDocument();
    expect(await screen.findByText('No integration tokens.')).toBeInTheDocument();
  });
});
