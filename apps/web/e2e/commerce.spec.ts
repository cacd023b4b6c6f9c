import type { Page } from '@playwright/test';
import type { Package, Subscription } from '@grandstand/contract';
import { demoChannels, siteUrl, takesTurn } from './channels.ts';
import { apiGet, apiKey, CARDS, checkoutEvent, continueToPayment, escape, expectPlaying, finishedPaidEvents, newBuyer, PASSWORD, payWithNewCard, texts, buyFromOffers } from './checkout.ts';
import { channelUrl, expect, test } from './support.ts';

// Commerce end to end, on both demo channels, in each channel's own language: real server, real
// sandbox card processor with its signed webhooks, real player. A purchase and the prices (the
// channel's currency, written in its language) are checked on both; the other flows take the
// channels in turn.

for (const channel of demoChannels) {
  const language = channel.slug === 'laurentides' ? 'fr' : 'en';
  const t = texts(language);

  test.describe(`${channel.slug}: commerce`, () => {
    test('buy a single event with a good card and watch it; the data layer follows the purchase', async ({ page, request }) => {
      test.setTimeout(90_000);
      const [event] = await finishedPaidEvents(request, channel);
      expect(event, 'the demo has a finished paid event').toBeDefined();
      await newBuyer(page, request, channel, t);
      await checkoutEvent(page, channel, t, event!);
      await payWithNewCard(page, t, CARDS.ok);
      await page.getByRole('button', { name: new RegExp(`^${escape(t('commerce.checkout.pay', { price: '' }).trim())}`) }).click();
      await expect(page).toHaveURL(new RegExp(`/watch/${event!.id}$`), { timeout: 20_000 });
      await expectPlaying(page);

      const pushed = await page.evaluate(() => ((window as unknown as { dataLayer?: Array<Record<string, unknown>> }).dataLayer ?? []).filter((entry) => typeof entry.event === 'string' && entry.ecommerce));
      expect(pushed.map((entry) => entry.event)).toEqual(['view_buy_page', 'begin_purchase', 'begin_checkout', 'purchase', 'purchase_success']);
      const { items } = pushed.at(-1)!.ecommerce as { items: Array<Record<string, unknown>> };
      expect(items[0]).toMatchObject({ id: event!.id, name: expect.any(String), base_price: event!.base_price, event_category_id: event!.event_category_id });
    });

    if (takesTurn(channel, 0)) test('a declined card shows the failed popup and grants nothing', async ({ page, request }) => {
      test.setTimeout(90_000);
      const [, event] = await finishedPaidEvents(request, channel);
      await newBuyer(page, request, channel, t);
      await checkoutEvent(page, channel, t, event!);
      await payWithNewCard(page, t, CARDS.declined);
      await page.getByRole('button', { name: new RegExp(`^${escape(t('commerce.checkout.pay', { price: '' }).trim())}`) }).click();
      const popup = page.getByRole('dialog', { name: t('commerce.checkout.failedTitle') });
      await expect(popup).toBeVisible({ timeout: 20_000 });
      await expect(popup).toContainText(t('commerce.checkout.reasons.declined'));
      const failed = await page.evaluate(() => ((window as unknown as { dataLayer?: Array<Record<string, unknown>> }).dataLayer ?? []).find((entry) => entry.event === 'purchase_failed'));
      expect(failed?.ecommerce).toMatchObject({ error_reason: expect.any(String) });
      await popup.getByRole('button', { name: t('commerce.checkout.ok') }).click();
      await page.goto(siteUrl(channel, `/watch/${event!.id}`));
      await expect(page.getByRole('region', { name: channel.text.accessTitle })).toBeVisible();
      await expect(page.locator('video')).toHaveCount(0);
    });

    if (takesTurn(channel, 1)) test('the extra-authentication card passes its step, then the event plays', async ({ page, request }) => {
      test.setTimeout(90_000);
      const [, , event] = await finishedPaidEvents(request, channel);
      await newBuyer(page, request, channel, t);
      await checkoutEvent(page, channel, t, event!);
      await payWithNewCard(page, t, CARDS.authenticate);
      await page.getByRole('button', { name: new RegExp(`^${escape(t('commerce.checkout.pay', { price: '' }).trim())}`) }).click();
      await expect(page).toHaveURL(/\/sandbox\/authenticate\//, { timeout: 20_000 });
      await page.getByRole('button', { name: 'Complete authentication' }).click();
      await expect(page).toHaveURL(new RegExp(`/watch/${event!.id}$`), { timeout: 20_000 });
      await expectPlaying(page);
    });

    if (takesTurn(channel, 2)) test('two tabs buying the same event: the second follows the first order, one charge, and both end on the paid event', async ({ page, request }) => {
      test.setTimeout(180_000);
      const [event] = await finishedPaidEvents(request, channel);
      const email = await newBuyer(page, request, channel, t);
      const pay = (tab: Page) => tab.getByRole('button', { name: new RegExp(`^${escape(t('commerce.checkout.pay', { price: '' }).trim())}`) }).click();
      const openCheckout = async (tab: Page) => {
        await tab.goto(siteUrl(channel, `/watch/${event!.id}`));
        await tab.getByRole('region', { name: channel.text.accessTitle }).getByRole('link').first().click();
        await expect(tab).toHaveURL(new RegExp(`/select-package/${event!.id}$`));
        await buyFromOffers(tab, t);
        await continueToPayment(tab, t);
      };

      // The first tab stops at the card's security step: its order stays open.
      await openCheckout(page);
      await payWithNewCard(page, t, CARDS.authenticate);
      await pay(page);
      await expect(page).toHaveURL(/\/sandbox\/authenticate\//, { timeout: 20_000 });

      // The second tab (same viewer) starts another purchase of the event with another card.
      const second = await page.context().newPage();
      await openCheckout(second);
      await payWithNewCard(second, t, CARDS.ok);
      await pay(second);
      await expect(second.getByRole('status').filter({ hasText: t('commerce.checkout.openOrder') })).toBeVisible({ timeout: 20_000 });
      await expect(second.getByRole('link', { name: t('commerce.checkout.openOrderAction') })).toHaveAttribute('href', page.url());

      // Completing the step in the first tab ends both: the second was polling the same order.
      // (Two tabs loading at once on a two-core machine: generous waits.)
      await page.getByRole('button', { name: 'Complete authentication' }).click();
      await expect(second).toHaveURL(new RegExp(`/watch/${event!.id}$`), { timeout: 45_000 });
      await expect(page).toHaveURL(new RegExp(`/watch/${event!.id}$`), { timeout: 45_000 });
      await expectPlaying(page);

      const login = await request.post(channelUrl(null, '/api/v2/auth/login'), { data: { api_key: await apiKey(request, channel), email, password: PASSWORD } });
      const session = ((await login.json()) as { data: { api_key: string } }).data.api_key;
      const orders = await request.get(channelUrl(null, '/api/orders'), { params: { api_key: session } });
      const list = ((await orders.json()) as { data: Array<{ status: string; product: { id: number }; transactions: unknown[] }> }).data;
      expect(list.map((o) => [o.status, o.product.id, o.transactions.length])).toEqual([['paid', event!.id, 1]]);
    });

    test('a team pass needs a team; a promo code lowers the price and a wrong one is refused', async ({ page, request }) => {
      const packages = await apiGet<Package[]>(request, channel, 'packages');
      const pass = packages.find((p) => p.is_team_pass)!;
      expect(pass, 'the demo has a team pass').toBeDefined();
      await newBuyer(page, request, channel, t);
      await page.goto(siteUrl(channel, `/buy?package_id=${pass.id}`));

      const promo = page.getByRole('textbox', { name: t('commerce.checkout.promo') });
      await page.getByRole('button', { name: t('commerce.checkout.applyPromo') }).click();
      await expect(page.getByText(t('validation.promoInvalid'), { exact: true })).toBeVisible();
      await promo.fill('NOT-A-CODE');
      await page.getByRole('button', { name: t('commerce.checkout.applyPromo') }).click();
      await expect(page.getByText(t('errors.server.wrongPromoCode'), { exact: true })).toBeVisible();

      const code = channel.slug === 'northfield' ? 'NORTHFIELD10' : 'LAURENTIDES10';
      await promo.fill(code);
      await page.getByRole('button', { name: t('commerce.checkout.applyPromo') }).click();
      await expect(page.getByRole('status').filter({ hasText: code })).toBeVisible();

      await page.getByRole('button', { name: t('commerce.checkout.continue') }).click();
      await expect(page.getByText(t('errors.teamNotSelected'), { exact: true })).toBeVisible();
      await page.getByRole('combobox', { name: t('commerce.checkout.team') }).selectOption({ index: 1 });
      await continueToPayment(page, t);
      const discounted = Math.round((pass.base_price * 0.9 + pass.service_fee) * 100) / 100;
      const price = new Intl.NumberFormat(language === 'fr' ? 'fr-CA' : 'en-US', { style: 'currency', currency: channel.slug === 'northfield' ? 'USD' : 'CAD' }).format(discounted);
      await expect(page.getByRole('button', { name: t('commerce.checkout.pay', { price }) })).toBeVisible();
    });

    if (takesTurn(channel, 3)) test('a subscription starts with its free trial and its auto-renewal is cancelled', async ({ page, request }) => {
      test.setTimeout(90_000);
      const subscriptions = await apiGet<Subscription[]>(request, channel, 'subscriptions');
      const monthly = subscriptions.find((s) => s.trial_period > 0)!;
      expect(monthly, 'the demo has a subscription with a trial').toBeDefined();
      await newBuyer(page, request, channel, t);
      await page.goto(siteUrl(channel, '/packages'));
      await page.getByRole('link', { name: new RegExp(escape(monthly.name)) }).first().click();
      await expect(page).toHaveURL(new RegExp(`subscription_id=${monthly.id}`));
      await continueToPayment(page, t);
      await payWithNewCard(page, t, CARDS.ok);
      await page.getByRole('button', { name: t('commerce.checkout.startTrial', { days: String(monthly.trial_period) }) }).click();
      await expect(page).toHaveURL(/\/profile$/, { timeout: 20_000 });

      const order = page.getByRole('article', { name: monthly.name });
      await expect(order).toContainText(t('profile.orders.renewal.on'));
      await expect(order).toContainText(t('profile.orders.trialEnds'));
      await order.getByRole('button', { name: t('profile.orders.cancel') }).click();
      const confirm = page.getByRole('dialog', { name: t('profile.orders.confirmTitle') });
      await confirm.getByRole('button', { name: t('profile.orders.confirmOk') }).click();
      await expect(page.getByText(t('profile.orders.cancelled'))).toBeVisible();
      await expect(order).toContainText(t('profile.orders.renewal.cancelled'));
    });
  });
}
