import { axe } from '@grandstand/vitest-config/axe';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { popupsApi } from '../../test/fixtures.ts';
import { renderEngagement } from '../../test/renderEngagement.tsx';

describe('the popups page', () => {
  it('lists the popups with who sees them, where and when, and deletes one', async () => {
    const api = popupsApi();
    const { container } = await renderEngagement({ routes: api.routes, route: '/popups' });
    const item = await screen.findByRole('listitem', { name: 'Playoffs pass on sale' });
    expect(item).toHaveTextContent('Visitors (not logged in) · Home');
    expect(item).toHaveTextContent('Dismissed by 12 viewers');
    expect(within(item).getByText('Showing')).toBeInTheDocument();
    expect(await axe(container)).toHaveNoViolations();
    await userEvent.click(within(item).getByRole('button', { name: 'Delete Playoffs pass on sale' }));
    expect(await screen.findByText('The popup is deleted.')).toBeInTheDocument();
    expect(await screen.findByText('No popup yet.')).toBeInTheDocument();
  });

  it('creates a popup for the holders of an offer, checking the fields first', async () => {
    const api = popupsApi([]);
    await renderEngagement({ routes: api.routes, route: '/popups' });
    const form = await screen.findByRole('form', { name: 'New popup' });
    await userEvent.type(within(form).getByRole('textbox', { name: 'Link (optional)' }), 'javascript:alert(1)');
    await userEvent.selectOptions(within(form).getByRole('combobox', { name: 'Who sees it' }), 'holders');
    await userEvent.click(within(form).getByRole('button', { name: 'Create the popup' }));
    expect(await within(form).findByText('Fix the fields marked below.')).toBeInTheDocument();
    await waitFor(() => expect(within(form).getByRole('textbox', { name: 'Title' })).toHaveFocus());
    expect(within(form).getByText('Write a path on the site (/…) or an https:// address.')).toBeInTheDocument();
    expect(api.bodies).toEqual([]);

    await userEvent.type(within(form).getByRole('textbox', { name: 'Title' }), 'Thanks, subscribers');
    await userEvent.type(within(form).getByRole('textbox', { name: 'Text' }), 'The final is on Saturday.');
    await userEvent.clear(within(form).getByRole('textbox', { name: 'Link (optional)' }));
    await userEvent.selectOptions(within(form).getByRole('combobox', { name: 'Offer' }), 'subscription:1');
    await userEvent.click(within(form).getByRole('checkbox', { name: 'Watch pages' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Create the popup' }));
    expect(await screen.findByText('The popup is saved: viewers see it within a few seconds of its start.')).toBeInTheDocument();
    expect(api.bodies).toHaveLength(1);
    expect(api.bodies[0]).toMatchObject({ title: 'Thanks, subscribers', link: null, audience: 'holders', offer: { type: 'subscription', id: 1 }, pages: ['home', 'watch'] });
  });

  it('speaks French', async () => {
    await renderEngagement({ routes: popupsApi().routes, route: '/popups', language: 'fr' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Annonces' })).toBeInTheDocument();
    expect(await screen.findByText(/Fermée par 12 spectateurs/)).toBeInTheDocument();
  });
});
