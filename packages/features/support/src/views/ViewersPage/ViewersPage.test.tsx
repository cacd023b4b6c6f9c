import { axe } from '@grandstand/vitest-config/axe';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { supportApi, viewer } from '../../test/fixtures.ts';
import { renderSupport } from '../../test/renderSupport.tsx';

describe('ViewersPage', () => {
  it('finds a viewer, shows their orders, clips and favourites, and suspends then restores them', async () => {
    const user = userEvent.setup();
    const { routes, sent } = supportApi();
    const { container } = await renderSupport({ routes, route: '/viewers' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Viewers' })).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Open fan@example.com' }));
    expect(await screen.findByRole('heading', { name: 'Ada Fan · fan@example.com' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Orders' })).toHaveTextContent('Owls team pass');
    expect(screen.getByRole('table', { name: 'Clips' })).toHaveTextContent('The winning goal');
    expect(await axe(container)).toHaveNoViolations();

    const reason = screen.getByRole('textbox', { name: /Reason shown to the viewer/ });
    await user.type(reason, 'Account shared');
    await user.click(screen.getByRole('button', { name: 'Suspend the viewer' }));
    expect(await screen.findByTestId('viewer-state')).toHaveTextContent('Account shared');
    expect(sent.at(-1)?.body).toMatchObject({ reason: 'Account shared' });
    await user.click(await screen.findByRole('button', { name: 'Restore the viewer' }));
    expect(await screen.findByText('Restored.')).toBeInTheDocument();
    expect(sent.at(-1)?.path).toMatch(/\/viewers\/7\/restore$/);
  });

  it('comps a pass for one of its teams, asking for the team first', async () => {
    const user = userEvent.setup();
    const { routes, sent } = supportApi();
    await renderSupport({ routes, route: '/viewers?viewer=7' });
    const form = await screen.findByRole('form', { name: 'Comp' });
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Give' }), 'package');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'A pass' }), '4');
    await user.type(within(form).getByRole('textbox', { name: /Reason for the comp/ }), 'Stream failed');
    await user.click(within(form).getByRole('button', { name: 'Give it' }));
    expect(within(form).getByRole('combobox', { name: 'Team' })).toBeInTheDocument();
    expect(sent).toHaveLength(0);
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Team' }), '3');
    await user.click(within(form).getByRole('button', { name: 'Give it' }));
    expect(await within(form).findByText('Given (order 99).')).toBeInTheDocument();
    expect(sent[0]?.body).toMatchObject({ viewerId: 7, type: 'package', productId: 4, teamId: 3, reason: 'Stream failed' });
  });

  it('lists what a deletion removes and keeps, and deletes only once confirmed with a reason', async () => {
    const user = userEvent.setup();
    const { routes, sent } = supportApi();
    await renderSupport({ routes, route: '/viewers?viewer=7' });
    const form = await screen.findByRole('form', { name: 'Delete on request' });
    expect(within(form).getByTestId('deletion-removes')).toHaveTextContent("the viewer's clips and their files");
    expect(form).toHaveTextContent('the orders and charges');
    await user.type(within(form).getByRole('textbox', { name: /The viewer's request/ }), 'Mail of 1 December');
    await user.click(within(form).getByRole('button', { name: 'Delete the account' }));
    expect(within(form).getByRole('checkbox')).toHaveAccessibleDescription('Tick to confirm the viewer asked for it.');
    expect(sent).toHaveLength(0);
    await user.click(within(form).getByRole('checkbox'));
    await user.click(within(form).getByRole('button', { name: 'Delete the account' }));
    expect(await screen.findByRole('heading', { name: 'No viewer matches this search.' })).toBeInTheDocument();
    expect(sent[0]?.path).toMatch(/\/viewers\/7\/delete$/);
  });

  it('speaks French and says an empty search', async () => {
    const { routes } = supportApi({ viewers: [viewer({ suspendedAt: '2026-12-06T10:00:00.000Z', suspendedReason: 'Compte partagé' })] });
    await renderSupport({ routes, route: '/viewers?viewer=7', language: 'fr' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Spectateurs' })).toBeInTheDocument();
    expect(await screen.findByTestId('viewer-state')).toHaveTextContent('Compte partagé');
    expect(screen.getByRole('button', { name: 'Rétablir le spectateur' })).toBeInTheDocument();
  });
});
