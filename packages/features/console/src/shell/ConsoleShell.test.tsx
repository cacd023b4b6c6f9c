import { axe } from '@grandstand/vitest-config/axe';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ConsoleSection } from '../section.ts';
import { renderConsole } from '../test/renderConsole.tsx';
import { sessionOf, signedOut, testOperator } from '../test/fixtures.ts';

/** A section as another feature brings it: for the roles that handle events. */
const events: ConsoleSection = {
  path: 'events',
  roles: ['owner', 'producer', 'support'],
  Label: () => <>Events</>,
  element: <h1>The events</h1>,
};

/** A section of the platform owner's, whatever their role; its wrapper names the operator it is given. */
const platform: ConsoleSection = {
  path: 'channels',
  roles: ['owner', 'producer', 'support', 'analyst'],
  platformOwner: true,
  Label: () => <>Channels</>,
  element: <h1>Every channel</h1>,
  Wrapper: ({ operator, children }) => (
    <>
      <p>For {operator.name}</p>
      {children}
    </>
  ),
};

describe('ConsoleShell', () => {
  it('sends a signed-out visitor to sign in', async () => {
    const { where } = await renderConsole({ route: '/operators', routes: { 'GET /console/session': signedOut } });
    await waitFor(() => expect(where()).toBe('/sign-in'));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('shows an owner every section, the brought ones first, and is accessible', async () => {
    const { container } = await renderConsole({ sections: [events], routes: { 'GET /console/session': sessionOf(testOperator()) } });
    const nav = await screen.findByRole('navigation', { name: 'Control room sections' });
    expect(within(nav).getAllByRole('link').map((link) => link.textContent)).toEqual(['Overview', 'Events', 'Operators', 'Security', 'Integration tokens', 'Audit log']);
    expect(within(nav).getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByText('Signed in as Nora Owner (Owner)')).toBeInTheDocument();
    expect(await axe(container)).toHaveNoViolations();
  });

  it('opens to a producer only what their role handles, and says so at another section', async () => {
    const producer = testOperator({ id: 2, name: 'Pat Producer', role: 'producer' });
    await renderConsole({ route: '/tokens', sections: [events], routes: { 'GET /console/session': sessionOf(producer) } });
    expect(await screen.findByText('Your role does not open this section.')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Control room sections' });
    expect(within(nav).getAllByRole('link').map((link) => link.textContent)).toEqual(['Overview', 'Events']);
  });

  it('shows a platform section to the platform owner only, whatever the role, and hands it the operator', async () => {
    await renderConsole({ route: '/channels', sections: [platform], routes: { 'GET /console/session': sessionOf(testOperator()) } });
    expect(await screen.findByText('Your role does not open this section.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Every channel' })).toBeNull();
    expect(within(screen.getByRole('navigation', { name: 'Control room sections' })).queryByRole('link', { name: 'Channels' })).toBeNull();
  });

  it('opens a platform section to the platform owner', async () => {
    const owner = testOperator({ name: 'Pat Platform', platformOwner: true });
    await renderConsole({ route: '/channels', sections: [platform], routes: { 'GET /console/session': sessionOf(owner) } });
    expect(await screen.findByRole('heading', { name: 'Every channel' })).toBeInTheDocument();
    expect(screen.getByText('For Pat Platform')).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Control room sections' })).getByRole('link', { name: 'Channels' })).toHaveAttribute('aria-current', 'page');
  });

  it('hides the events from an analyst', async () => {
    const analyst = testOperator({ id: 3, name: 'Ana Analyst', role: 'analyst' });
    await renderConsole({ route: '/events', sections: [events], routes: { 'GET /console/session': sessionOf(analyst) } });
    expect(await screen.findByText('Your role does not open this section.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'The events' })).toBeNull();
    expect(within(screen.getByRole('navigation', { name: 'Control room sections' })).getAllByRole('link')).toHaveLength(1);
  });

  it('opens only the second factor\'s set-up while the channel requires one the operator has not set up', async () => {
    const operator = testOperator({ role: 'producer', totpSetupRequired: true });
    const { where } = await renderConsole({ route: '/events', sections: [events], routes: { 'GET /console/session': sessionOf(operator) } });
    await waitFor(() => expect(where()).toBe('/account/two-step'));
    expect(await screen.findByText('Northfield Sports requires two-step sign-in. Set it up to open the control room.')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Control room sections' })).toBeNull();
  });

  it('signs out and forgets the operator', async () => {
    const user = userEvent.setup();
    let open = true;
    const { where, api } = await renderConsole({
      routes: {
        'GET /console/session': () => (open ? sessionOf(testOperator())() : signedOut()),
        'DELETE /console/session': () => {
          open = false;
          return { json: { ok: true } };
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(where()).toBe('/sign-in'));
    expect(api.calls.some((call) => call.method === 'DELETE' && call.path === '/api/console/session')).toBe(true);
  });

  it('switches to French and keeps the choice', async () => {
    const user = userEvent.setup();
    const { client } = await renderConsole({ routes: { 'GET /console/session': sessionOf(testOperator()) } });
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Language' }), 'fr');
    expect(await screen.findByRole('heading', { name: 'Bienvenue, Nora Owner' })).toBeInTheDocument();
    expect(client.storage.get('language')).toBe('fr');
  });

  it('sends the operator to sign in when their session ends while a page is open', async () => {
    let open = true;
    const { where } = await renderConsole({
      route: '/operators',
      routes: {
        'GET /console/session': () => (open ? sessionOf(testOperator())() : signedOut()),
        'GET /console/operators': () => {
          // An owner removed this operator a moment ago.
          open = false;
          return signedOut();
        },
        'GET /console/invitations': signedOut,
      },
    });
    await waitFor(() => expect(where()).toBe('/sign-in'));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('folds the sections behind a button naming the one shown, opened and closed by click, by a choice and by Escape', async () => {
    const user = userEvent.setup();
    const { where } = await renderConsole({ route: '/events', sections: [events], routes: { 'GET /console/session': sessionOf(testOperator()) } });
    const nav = await screen.findByRole('navigation', { name: 'Control room sections' });
    // jsdom applies every media rule, so it draws the wide screen's column, where the button is not
    // shown (and so has no name): here its state and text; the fold itself, and the button's name, in
    // Chromium, with the focus going back to the button on Escape (apps/web/e2e/console-access.spec.ts).
    const toggle = within(nav).getByRole('button', { hidden: true });
    expect(toggle).toHaveTextContent('Menu Events');
    const list = within(nav).getByRole('list');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveAttribute('aria-controls', list.id);
    expect(list).toHaveAttribute('data-open', 'false');

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(list).toHaveAttribute('data-open', 'true');
    // Choosing a section closes it, and the button names the new one.
    await user.click(within(list).getByRole('link', { name: 'Operators' }));
    await waitFor(() => expect(where()).toBe('/operators'));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveTextContent('Menu Operators');

    await user.click(toggle);
    within(list).getByRole('link', { name: 'Overview' }).focus();
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(list).toHaveAttribute('data-open', 'false');
  });
});
