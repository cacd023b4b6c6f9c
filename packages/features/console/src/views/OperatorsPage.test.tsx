import { axe } from '@grandstand/vitest-config/axe';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ConsoleMember } from '@grandstand/contract';
import { renderConsole } from '../test/renderConsole.tsx';
import { sessionOf, testOperator } from '../test/fixtures.ts';

const members: ConsoleMember[] = [
  { id: 1, email: 'owner@northfield.test', name: 'Nora Owner', role: 'owner', totpEnabled: true, since: '2026-01-01T00:00:00.000Z' },
  { id: 2, email: 'producer@northfield.test', name: 'Pat Producer', role: 'producer', totpEnabled: false, since: '2026-01-02T00:00:00.000Z' },
];

describe('OperatorsPage', () => {
  it('lists the operators, invites one by email and lists the invitation, and is accessible', async () => {
    const user = userEvent.setup();
    const invitations: { id: number; email: string; role: string; createdAt: string; expiresAt: string }[] = [];
    const { container, api } = await renderConsole({
      route: '/operators',
      routes: {
        'GET /console/session': sessionOf(testOperator()),
        'GET /console/operators': () => ({ json: { operators: members } }),
        'GET /console/invitations': () => ({ json: { invitations } }),
        'POST /console/invitations': (request) => {
          const invitation = { id: 9, email: String(request.body?.email), role: String(request.body?.role), createdAt: '2026-12-06T05:00:00.000Z', expiresAt: '2026-12-13T05:00:00.000Z' };
          invitations.push(invitation);
          return { json: { invitation } };
        },
      },
    });
    const table = await screen.findByRole('table');
    expect(within(table).getByText('Pat Producer')).toBeInTheDocument();
    expect(within(table).getByRole('combobox', { name: 'Role of Pat Producer' })).toHaveValue('producer');
    expect(screen.getByText('No invitation is waiting.')).toBeInTheDocument();

    await user.type(screen.getByLabelText(/^Email/), 'new.producer@northfield.test');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'support');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Invitation sent to new.producer@northfield.test.')).toHaveRole('status');
    expect(api.calls.find((call) => call.method === 'POST' && call.path === '/api/console/invitations')?.body).toMatchObject({ email: 'new.producer@northfield.test', role: 'support' });
    expect(await screen.findByRole('button', { name: 'Withdraw the invitation to new.producer@northfield.test' })).toBeInTheDocument();
    expect(await axe(container)).toHaveNoViolations();
  });

  it('changes a role, and removes an operator only once confirmed', async () => {
    const user = userEvent.setup();
    const { api } = await renderConsole({
      route: '/operators',
      routes: {
        'GET /console/session': sessionOf(testOperator()),
        'GET /console/operators': () => ({ json: { operators: members } }),
        'GET /console/invitations': () => ({ json: { invitations: [] } }),
        'PATCH /console/operators/2': () => ({ json: { operator: { ...members[1], role: 'support' } } }),
        'DELETE /console/operators/2': () => ({ json: { ok: true } }),
        'DELETE /console/operators/1': () => ({ status: 409, json: { message: 'last owner', code: 'LAST_OWNER' } }),
      },
    });
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Role of Pat Producer' }), 'support');
    // Choosing is not yet changing: the arrow keys step through a closed select's options.
    expect(api.calls.some((call) => call.method === 'PATCH')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Save the role of Pat Producer' }));
    expect(await screen.findByText('Pat Producer is now Support.')).toBeInTheDocument();
    expect(api.calls.find((call) => call.method === 'PATCH')?.body).toMatchObject({ role: 'support' });

    await user.click(screen.getByRole('button', { name: 'Remove Pat Producer' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.calls.some((call) => call.method === 'DELETE')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Remove Pat Producer' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Pat Producer no longer has access.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove Nora Owner' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('A channel keeps at least one owner.')).toHaveRole('alert');
  });

  it('shows a failed list with a way to try again', async () => {
    const user = userEvent.setup();
    let fail = true;
    await renderConsole({
      route: '/operators',
      routes: {
        'GET /console/session': sessionOf(testOperator()),
        'GET /console/operators': () => (fail ? { status: 500, json: { message: 'down' } } : { json: { operators: members } }),
        'GET /console/invitations': () => ({ json: { invitations: [] } }),
      },
    });
    expect(await screen.findByText('Something went wrong. Try again.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByText('Pat Producer')).toBeInTheDocument());
  });
});
