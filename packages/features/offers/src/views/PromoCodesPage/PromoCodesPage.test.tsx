import { axe } from '@grandstand/vitest-config/axe';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { offersApiFake, promoCode } from '../../test/fixtures.ts';
import { renderOffers } from '../../test/renderOffers.tsx';

describe('PromoCodesPage', () => {
  it('lists the codes with their discount, offers, limits, uses and state', async () => {
    const { routes } = offersApiFake(undefined, [
      promoCode(),
      promoCode({ id: 32, code: 'EAGLES5', percentOff: null, amountOff: 5, appliesTo: 'offers', packageIds: [11], maxUses: null, perViewer: null, uses: 2, validUntil: '2020-01-01T00:00:00.000Z' }),
    ]);
    const { container } = await renderOffers({ routes, route: '/promo-codes' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Promo codes' })).toBeInTheDocument();
    const [welcome, eagles] = within(await screen.findByRole('list', { name: 'Your promo codes' })).getAllByRole('listitem');
    expect(welcome).toHaveTextContent(/WELCOME20.*20 % off · Every offer.*Used 4 of 100 times · 1 per viewer.*Usable now/);
    expect(eagles).toHaveTextContent(/EAGLES5.*\$5\.00 off · Northfield team pass.*Used 2 times.*Ended/);
    expect(await axe(container)).toHaveNoViolations();
  });

  // A form of many fields typed into, checked by axe: more time than a click-through test.
  it('creates a 20 % code on a chosen pass, the offers and the code checked first', async () => {
    const user = userEvent.setup({ delay: null });
    const { routes, sent } = offersApiFake(undefined, []);
    const { container } = await renderOffers({ routes, route: '/promo-codes' });
    expect(await screen.findByText('No promo codes yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'New promo code' }));
    const form = screen.getByRole('form', { name: 'New promo code' });
    await user.type(within(form).getByRole('textbox', { name: 'Code' }), 'EAGLES 20');
    await user.type(within(form).getByRole('textbox', { name: 'Percent off' }), '20');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Applies to' }), 'Chosen offers');
    await user.click(within(form).getByRole('button', { name: 'Create the code' }));
    const code = within(form).getByRole('textbox', { name: 'Code' });
    expect(code).toHaveAccessibleDescription(/Enter 3 to 40 letters, digits, - or _\./);
    expect(code).toHaveFocus();
    expect(sent).toHaveLength(0);
    expect(await axe(container)).toHaveNoViolations();

    await user.clear(code);
    await user.type(code, 'EAGLES20');
    await user.click(within(form).getByRole('button', { name: 'Create the code' }));
    expect(await within(form).findByText('Choose at least one offer.')).toBeInTheDocument();
    // Retired passes stay choosable (a code may be made ready before an offer returns); the single-event package is no pass.
    expect(within(form).queryByRole('checkbox', { name: 'Single event' })).toBeNull();
    await user.click(within(form).getByRole('checkbox', { name: 'Northfield team pass' }));
    await user.type(within(form).getByRole('textbox', { name: 'Total uses' }), '50');
    await user.type(within(form).getByRole('textbox', { name: 'Uses per viewer' }), '1');
    await user.click(within(form).getByRole('button', { name: 'Create the code' }));
    expect(await screen.findByText('EAGLES20 is created.')).toBeInTheDocument();
    expect(sent[0]).toMatchObject({
      method: 'POST',
      path: '/api/console/promo-codes',
      body: { code: 'EAGLES20', percentOff: 20, amountOff: null, appliesTo: 'offers', packageIds: [11], subscriptionIds: [], validFrom: null, validUntil: null, maxUses: 50, perViewer: 1 },
    });
  }, 40_000);

  it('names a code the channel already has on its field', async () => {
    const user = userEvent.setup({ delay: null });
    const { routes } = offersApiFake();
    await renderOffers({ routes, route: '/promo-codes' });
    await user.click(await screen.findByRole('button', { name: 'New promo code' }));
    const form = screen.getByRole('form', { name: 'New promo code' });
    await user.type(within(form).getByRole('textbox', { name: 'Code' }), 'welcome20');
    await user.type(within(form).getByRole('textbox', { name: 'Percent off' }), '10');
    await user.click(within(form).getByRole('button', { name: 'Create the code' }));
    const code = within(form).getByRole('textbox', { name: 'Code' });
    await waitFor(() => expect(code).toHaveAccessibleDescription(/The channel already has this code/));
    expect(code).toHaveFocus();
  });

  it('says a refusal that names no field of the form on the form itself', async () => {
    const user = userEvent.setup({ delay: null });
    const { routes } = offersApiFake(undefined, undefined, {
      'POST /console/promo-codes': () => ({ status: 403, json: { message: 'Forbidden', code: 'CONSOLE_FORBIDDEN' } }),
    });
    await renderOffers({ routes, route: '/promo-codes' });
    await user.click(await screen.findByRole('button', { name: 'New promo code' }));
    const form = screen.getByRole('form', { name: 'New promo code' });
    await user.type(within(form).getByRole('textbox', { name: 'Code' }), 'spring10');
    await user.type(within(form).getByRole('textbox', { name: 'Percent off' }), '10');
    await user.click(within(form).getByRole('button', { name: 'Create the code' }));
    expect(await within(form).findByText('Your role does not allow this.')).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: 'Code' })).not.toHaveAccessibleDescription(/Your role/);
  });

  it('edits a code: an amount instead of a percentage, an end date; the code itself stays', async () => {
    const user = userEvent.setup({ delay: null });
    const { routes, sent } = offersApiFake();
    await renderOffers({ routes, route: '/promo-codes' });
    await user.click(await screen.findByRole('button', { name: 'Edit WELCOME20' }));
    const form = screen.getByRole('form', { name: 'Edit WELCOME20' });
    expect(within(form).getByRole('textbox', { name: 'Code' })).toHaveAttribute('readonly');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Discount' }), 'Amount');
    const amount = within(form).getByRole('textbox', { name: 'Amount off' });
    await user.clear(amount);
    await user.type(amount, '3');
    await user.type(within(form).getByLabelText('Valid until'), '2030-01-31T23:59');
    await user.click(within(form).getByRole('button', { name: 'Save the code' }));
    expect(await screen.findByText('WELCOME20 is saved.')).toBeInTheDocument();
    expect(sent[0]).toMatchObject({ method: 'PATCH', path: '/api/console/promo-codes/31', body: { percentOff: null, amountOff: 3, validUntil: new Date('2030-01-31T23:59').toISOString() } });
    expect(sent[0]?.body).not.toHaveProperty('code');
  });

  it('speaks French', async () => {
    const { routes } = offersApiFake();
    const { container } = await renderOffers({ routes, route: '/promo-codes', language: 'fr' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Codes promo' })).toBeInTheDocument();
    expect(await screen.findByRole('list', { name: 'Vos codes promo' })).toHaveTextContent(/20 % de réduction · Toutes les offres/);
    expect(screen.getByRole('button', { name: 'Nouveau code promo' })).toBeInTheDocument();
    expect(await axe(container)).toHaveNoViolations();
  });
});
