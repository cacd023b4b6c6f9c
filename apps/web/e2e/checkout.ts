import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import type { Event } from '@grandstand/contract';
import { channelKey, siteUrl } from './channels.ts';
import type { DemoChannel } from './channels.ts';
import { channelUrl, expect, repoRoot } from './support.ts';

// Buying as a viewer does, shared by the commerce and analytics end-to-end tests: the product's
// texts in each channel's language, a buyer logged in on the site, the checkout with the sandbox's
// test cards, and a player that plays.

type Messages = Record<string, unknown>;
const locale = (path: string): Messages => JSON.parse(readFileSync(join(repoRoot, path), 'utf8')) as Messages;

/** The product's own texts, read from its locale files, so each channel is driven in its language. */
export function texts(language: 'en' | 'fr') {
  const files = {
    commerce: locale(`packages/features/commerce/src/locales/${language}.json`),
    profile: locale(`packages/features/profile/src/locales/${language}.json`),
    auth: locale(`packages/features/auth/src/locales/${language}.json`),
    errors: locale(`packages/i18n/src/locales/${language}/errors.json`),
    validation: locale(`packages/i18n/src/locales/${language}/validation.json`),
  };
  return (path: string, values: Record<string, string> = {}): string => {
    const [ns, ...keys] = path.split('.');
    let node: unknown = files[ns as keyof typeof files];
    for (const key of keys) node = (node as Messages | undefined)?.[key];
    if (typeof node !== 'string') throw new Error(`No text at ${path}`);
    return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? `{{${name}}}`);
  };
}

export const PASSWORD = 'grandstand-e2e-buyer-4410';
export const CARDS = { ok: '4242424242424242', declined: '4000000000000002', authenticate: '4000000000003220' };

export async function apiKey(request: APIRequestContext, channel: DemoChannel): Promise<string> {
  const answer = await request.post(channelUrl(null, '/api/get_api_key'), { data: { channel_key: channelKey(channel) } });
  return ((await answer.json()) as { data: { api_key: string } }).data.api_key;
}

export async function apiGet<T>(request: APIRequestContext, channel: DemoChannel, path: string, params: Record<string, string> = {}): Promise<T> {
  const answer = await request.get(channelUrl(null, `/api/${path}`), { params: { ...params, api_key: await apiKey(request, channel) } });
  expect(answer.status(), path).toBe(200);
  return ((await answer.json()) as { data: T }).data;
}

/** A fresh viewer of the channel, registered through the API, then logged in on the site as a person would. */
/** Where a test opens the channel's site: its usual address unless the test needs another host. */
export type SiteAt = (channel: DemoChannel, path?: string) => string;

export async function newBuyer(page: Page, request: APIRequestContext, channel: DemoChannel, t: ReturnType<typeof texts>, site: SiteAt = siteUrl): Promise<string> {
  const email = `buyer-${channel.slug}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.org`;
  const registered = await request.post(channelUrl(null, '/api/v2/auth/register'), {
    data: { api_key: await apiKey(request, channel), email, password: PASSWORD, password_confirmation: PASSWORD, first_name: 'Casey', last_name: 'Buyer', terms: true },
  });
  expect(registered.status()).toBe(200);
  await page.goto(site(channel, '/login'));
  await page.getByRole('textbox', { name: t('auth.fields.email') }).fill(email);
  await page.getByRole('textbox', { name: t('auth.fields.password'), exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: t('auth.login.submit') }).last().click();
  await expect(page).not.toHaveURL(/\/login/);
  return email;
}

/** Paid events already over: they play their recording as soon as access is granted. */
export async function finishedPaidEvents(request: APIRequestContext, channel: DemoChannel): Promise<Event[]> {
  const events = await apiGet<Event[]>(request, channel, 'events', { stream_status: 'finished', limit: '100' });
  return events.filter((event) => event.access_type === 'paid' && event.base_price > 0);
}

export async function payWithNewCard(page: Page, t: ReturnType<typeof texts>, number: string): Promise<void> {
  const newCard = page.getByRole('radio', { name: t('commerce.checkout.newCard') });
  if (await newCard.count()) await newCard.check();
  await page.getByRole('textbox', { name: t('commerce.checkout.cardNumber') }).fill(number);
  await page.getByRole('textbox', { name: t('commerce.checkout.expMonth') }).fill('12');
  await page.getByRole('textbox', { name: t('commerce.checkout.expYear') }).fill(String(new Date().getFullYear() + 3));
  await page.getByRole('textbox', { name: t('commerce.checkout.cvc') }).fill('123');
}

/** From the offers page, the event's own "Buy for" to its checkout. */
export async function buyFromOffers(page: Page, t: ReturnType<typeof texts>): Promise<void> {
  // Within the offers page's own section: the address changes as soon as the access panel's link is
  // pressed, while the watch page stays on screen until the offers page's code is in, and its access
  // panel has a "Buy for" link of its own, to the offers page again.
  const section = page.getByRole('region', { name: t('commerce.select.thisEvent') });
  const buyFor = section.getByRole('link', { name: new RegExp(escape(t('commerce.select.buyFor', { price: '' }).trim())) });
  // On a busy machine the click can land while the offers re-render (the viewer's access and
  // orders arrive after the page): click until the checkout opens.
  await expect(async () => {
    await buyFor.click();
    await expect(page).toHaveURL(/\/buy\?/, { timeout: 3000 });
  }).toPass({ timeout: 30_000 });
}

/** From the watch page's access panel to the checkout of this event alone. */
export async function checkoutEvent(page: Page, channel: DemoChannel, t: ReturnType<typeof texts>, event: Event, site: SiteAt = siteUrl): Promise<void> {
  await page.goto(site(channel, `/watch/${event.id}`));
  await page.getByRole('region', { name: channel.text.accessTitle }).getByRole('link').first().click();
  await expect(page).toHaveURL(new RegExp(`/select-package/${event.id}$`));
  await buyFromOffers(page, t);
  await continueToPayment(page, t);
}

export async function continueToPayment(page: Page, t: ReturnType<typeof texts>): Promise<void> {
  const next = page.getByRole('button', { name: t('commerce.checkout.continue') });
  const payment = page.getByRole('heading', { name: t('commerce.checkout.payment') });
  // The review step (team, promo code) comes first unless the checkout went straight to payment.
  await expect(next.or(payment).first()).toBeVisible();
  if (await next.isVisible()) await next.click();
  await expect(payment).toBeVisible();
}

export function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export async function expectPlaying(page: Page): Promise<void> {
  await expect(page.locator('video')).toHaveCount(1, { timeout: 20_000 });
  await expect.poll(() => page.evaluate(() => document.querySelector('video')?.currentTime ?? 0), { timeout: 30_000 }).toBeGreaterThan(1);
}
