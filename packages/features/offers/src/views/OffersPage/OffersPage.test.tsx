import { axe } from '@grandstand/vitest-config/axe';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { offersApiFake } from '../../test/fixtures.ts';
import { renderOffers } from '../../test/renderOffers.tsx';

describe('OffersPage', () => {
  it('lists the packages and subscriptions with their prices, holders and state', async () => {
    const { routes } = offersApiFake();
    const { container } = await renderOffers({ routes });
    expect(await screen.findByRole('heading', { level: 1, name: 'Offers' })).toBeInTheDocument();
    const packages = await screen.findByRole('list', { name: 'Packages' });
    const [single, team, season] = within(packages).getAllByRole('listitem');
    expect(single).toHaveTextContent('Single-event package · Priced by each event');
    expect(team).toHaveTextContent(/Team pass · \$40\.00 \/ year · \+ \$2\.00 service fee/);
    expect(team).toHaveTextContent('Teams: Northfield Eagles, Riverside Hawks');
    expect(team).toHaveTextContent('Also grants: Video library');
    expect(team).toHaveTextContent('Holders now: 3');
    expect(season).toHaveTextContent('Retired');
    expect(within(season!).getByRole('button', { name: 'Put back on sale: Basketball season' })).toBeInTheDocument();
    const subscriptions = screen.getByRole('list', { name: 'Subscriptions' });
    expect(within(subscriptions).getByRole('listitem')).toHaveTextContent(/Subscription · \$9\.99 \/ month · 7-day free trial/);
    expect(await axe(container)).toHaveNoViolations();
  });

  // A form of many fields typed into, checked by axe twice: more time than a click-through test.
  it('creates a team pass from the form, its preview following what is typed, the teams required', async () => {
    const user = userEvent.setup({ delay: null });
    const { routes, sent } = offersApiFake();
    const { container } = await renderOffers({ routes });
    await user.click(await screen.findByRole('button', { name: 'New package' }));
    const form = screen.getByRole('form', { name: 'New package' });
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Kind' }), 'Team pass');
    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'Eagles season');
    await user.type(within(form).getByRole('textbox', { name: 'Price' }), '25');
    await user.clear(within(form).getByRole('textbox', { name: 'Service fee' }));
    await user.type(within(form).getByRole('textbox', { name: 'Service fee' }), '1.5');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Billing period' }), 'Year');

    // The preview is the viewer's card, as typed.
    const preview = screen.getByRole('region', { name: 'How viewers see it' });
    expect(within(preview).getByRole('heading', { level: 3, name: 'Eagles season' })).toBeInTheDocument();
    expect(preview).toHaveTextContent(/Team pass.*\$25\.00 \/ year.*\+ \$1\.50 service fee.*Buy/);

    await user.click(within(form).getByRole('button', { name: 'Create the package' }));
    expect(await within(form).findByText('Choose at least one team.')).toBeInTheDocument();
    expect(within(form).getByRole('checkbox', { name: 'Northfield Eagles' })).toHaveFocus();
    expect(sent).toHaveLength(0);
    // The form with a named error, its preview beside it.
    expect(await axe(container)).toHaveNoViolations();

    await user.click(within(form).getByRole('checkbox', { name: 'Northfield Eagles' }));
    await user.click(within(form).getByRole('checkbox', { name: 'No ads' }));
    await user.click(within(form).getByRole('button', { name: 'Create the package' }));
    expect(await screen.findByText('Eagles season is created.')).toBeInTheDocument();
    expect(sent[0]).toMatchObject({
      method: 'POST',
      path: '/api/console/offers/packages',
      body: { kind: 'team_pass', name: 'Eagles season', price: 25, serviceFee: 1.5, billing: 'annual', period: 1, teamIds: [101], categoryIds: [], capabilities: ['no_ads'] },
    });
    expect(await screen.findByRole('button', { name: 'Edit Eagles season' })).toBeInTheDocument();
  }, 40_000);

  it('makes a free basic pass and a pass of games of the viewer’s choosing (spec §2, §6), shown as such in the list', async () => {
    const user = userEvent.setup({ delay: null });
    const { routes, sent } = offersApiFake();
    const { container } = await renderOffers({ routes });
    await user.click(await screen.findByRole('button', { name: 'New package' }));
    let form = screen.getByRole('form', { name: 'New package' });
    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'Basic pass');
    await user.click(within(form).getByRole('checkbox', { name: 'Basketball' }));
    await user.click(within(form).getByRole('checkbox', { name: 'Basic pass: free, taken in one click' }));
    // Free: no price to type.
    expect(within(form).queryByRole('textbox', { name: 'Price' })).toBeNull();
    const preview = screen.getByRole('region', { name: 'How viewers see it' });
    expect(preview).toHaveTextContent(/Free basic pass.*Free.*Get it free/);
    expect(await axe(container)).toHaveNoViolations();
    await user.click(within(form).getByRole('button', { name: 'Create the package' }));
    expect(await screen.findByText('Basic pass is created.')).toBeInTheDocument();
    expect(sent[0]?.body).toMatchObject({ kind: 'category', name: 'Basic pass', price: 0, serviceFee: 0, basic: true, quota: null, categoryIds: [201] });

    await user.click(await screen.findByRole('button', { name: 'New package' }));
    form = screen.getByRole('form', { name: 'New package' });
    await user.type(within(form).getByRole('textbox', { name: 'Name' }), '5-game pass');
    await user.type(within(form).getByRole('textbox', { name: 'Price' }), '20');
    await user.click(within(form).getByRole('checkbox', { name: 'Basketball' }));
    await user.type(within(form).getByRole('textbox', { name: 'Games of the viewer’s choosing' }), '0');
    await user.click(within(form).getByRole('button', { name: 'Create the package' }));
    expect(await within(form).findByText('Enter a whole number.')).toBeInTheDocument();
    await user.clear(within(form).getByRole('textbox', { name: 'Games of the viewer’s choosing' }));
    await user.type(within(form).getByRole('textbox', { name: 'Games of the viewer’s choosing' }), '5');
    await user.click(within(form).getByRole('button', { name: 'Create the package' }));
    expect(await screen.findByText('5-game pass is created.')).toBeInTheDocument();
    expect(sent[1]?.body).toMatchObject({ name: '5-game pass', price: 20, basic: false, quota: 5 });
    const packages = await screen.findByRole('list', { name: 'Packages' });
    expect(within(packages).getAllByRole('listitem').find((item) => item.textContent?.includes('Basic pass'))).toHaveTextContent('The free basic pass');
    expect(within(packages).getAllByRole('listitem').find((item) => item.textContent?.includes('5-game pass'))).toHaveTextContent('5 games of the viewer’s choosing');
  }, 40_000);

  it('edits a subscription, saying holders keep their price; a refusal is named on its field', async () => {
    const user = userEvent.setup({ delay: null });
    const { routes, data } = offersApiFake(undefined, undefined, {
      'PATCH /console/offers/subscriptions/21': () => ({ status: 400, json: { message: 'Price must be at most 10000.', field: 'price', code: 'OFFER_INVALID' } }),
    });
    data.subscriptions[0]!.holders = 5;
    await renderOffers({ routes });
    await user.click(await screen.findByRole('button', { name: 'Edit Northfield monthly' }));
    const form = screen.getByRole('form', { name: 'Edit Northfield monthly' });
    expect(screen.getByText('5 viewers hold it: they keep the price they paid and renew at it.')).toBeInTheDocument();
    const price = within(form).getByRole('textbox', { name: 'Price' });
    await user.clear(price);
    await user.type(price, '99999');
    await user.click(within(form).getByRole('button', { name: 'Save the subscription' }));
    await waitFor(() => expect(price).toHaveAccessibleDescription(/Price must be at most 10000\./));
    expect(price).toHaveFocus();
  });

  it('retires an offer only once confirmed, and puts it back on sale', async () => {
    const user = userEvent.setup({ delay: null });
    const { routes, sent } = offersApiFake();
    await renderOffers({ routes });
    await user.click(await screen.findByRole('button', { name: 'Retire Northfield team pass' }));
    const dialog = screen.getByRole('dialog', { name: 'Retire Northfield team pass?' });
    expect(dialog).toHaveAccessibleDescription('Viewers can no longer buy it. Its holders (3 now) keep their access and renew at their price.');
    await user.click(within(dialog).getByRole('button', { name: 'Go back' }));
    expect(sent).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Retire Northfield team pass' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Retire' }));
    expect(await screen.findByText('Northfield team pass is retired.')).toBeInTheDocument();
    expect(sent[0]).toMatchObject({ method: 'POST', path: '/api/console/offers/packages/11/retire' });
    await user.click(await screen.findByRole('button', { name: 'Put back on sale: Northfield team pass' }));
    expect(await screen.findByText('Northfield team pass is on sale again.')).toBeInTheDocument();
    expect(sent[1]).toMatchObject({ method: 'POST', path: '/api/console/offers/packages/11/restore' });
  });

  it('says when the offers cannot be loaded, and tries again', async () => {
    let calls = 0;
    const { routes } = offersApiFake(undefined, undefined, { 'GET /console/offers': () => (++calls === 1 ? { status: 500, json: { message: 'down' } } : { json: { packages: [], subscriptions: [], categories: [], teams: [], currency: 'USD' } }) });
    const user = userEvent.setup({ delay: null });
    await renderOffers({ routes });
    expect(await screen.findByRole('heading', { name: 'The offers could not be loaded' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No packages yet.')).toBeInTheDocument();
    expect(screen.getByText('No subscriptions yet.')).toBeInTheDocument();
  });

  it('speaks French', async () => {
    const user = userEvent.setup({ delay: null });
    const { routes } = offersApiFake();
    const { container } = await renderOffers({ routes, language: 'fr' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Offres' })).toBeInTheDocument();
    expect(await screen.findByRole('list', { name: 'Forfaits' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Nouveau forfait' }));
    const form = screen.getByRole('form', { name: 'Nouveau forfait' });
    expect(within(form).getByRole('combobox', { name: 'Type' })).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Créer le forfait' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Ce que voient les spectateurs' })).toBeInTheDocument();
    expect(await axe(container)).toHaveNoViolations();
  });
});
