import { axe } from '@grandstand/vitest-config/axe';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderConsole } from '../test/renderConsole.tsx';
import { sessionOf, signedOut, testOperator } from '../test/fixtures.ts';

const info = { channel: { slug: 'northfield', name: 'Northfield Sports' }, email: 'new.producer@northfield.test', role: 'producer', existingOperator: false };

describe('InvitationPage', () => {
  it('lets a new operator choose a name and password, then opens the control room with the role', async () => {
    const user = userEvent.setup();
    let accepted = false;
    const joined = testOperator({ id: 7, name: 'Nell Producer', email: info.email, role: 'producer' });
    const { container, api, where } = await renderConsole({
      route: '/invitation/tok_abc',
      routes: {
        'GET /console/invitations/tok_abc': () => ({ json: info }),
        'POST /console/invitations/tok_abc/accept': () => {
          accepted = true;
          return { json: { operator: joined } };
        },
        'GET /console/session': () => (accepted ? sessionOf(joined)() : signedOut()),
      },
    });
    expect(await screen.findByRole('heading', { name: 'Join Northfield Sports' })).toBeInTheDocument();
    expect(screen.getByText(/as Producer, with the address new.producer@northfield.test/)).toBeInTheDocument();
    expect(await axe(container)).toHaveNoViolations();
    await user.type(screen.getByLabelText(/^Your name/), 'Nell Producer');
    await user.type(screen.getByLabelText(/^Choose a password/), 'short');
    await user.click(screen.getByRole('button', { name: 'Accept the invitation' }));
    expect(await screen.findByText(/^Too short: at least \d+ characters\.$/)).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/^Choose a password/));
    await user.type(screen.getByLabelText(/^Choose a password/), 'a long enough password');
    await user.click(screen.getByRole('button', { name: 'Accept the invitation' }));
    await waitFor(() => expect(where()).toBe('/'));
    expect(await screen.findByRole('heading', { name: 'Welcome, Nell Producer' })).toBeInTheDocument();
    expect(api.calls.find((call) => call.path === '/api/console/invitations/tok_abc/accept')?.body).toMatchObject({ name: 'Nell Producer', password: 'a long enough password' });
  });

  it('asks an existing operator for their password only', async () => {
    await renderConsole({ route: '/invitation/tok_abc', routes: { 'GET /console/invitations/tok_abc': () => ({ json: { ...info, existingOperator: true } }) } });
    expect(await screen.findByLabelText(/^Your password/)).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Your name/)).toBeNull();
  });

  it('says when the link is no longer valid', async () => {
    await renderConsole({ route: '/invitation/tok_old', routes: { 'GET /console/invitations/tok_old': () => ({ status: 404, json: { message: 'gone', code: 'INVITATION_INVALID' } }) } });
    expect(await screen.findByText("This invitation link is not valid any more. Ask the channel's owner for a new one.")).toBeInTheDocument();
  });
});
