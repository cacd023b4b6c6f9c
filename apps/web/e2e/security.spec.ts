import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import type { Event } from '@grandstand/contract';
import { buyFromOffers, texts } from './checkout.ts';
import { channelKey, demoChannels, listEvents, siteUrl } from './channels.ts';
import type { DemoChannel } from './channels.ts';
import { channelUrl, OIDC_PORT, repoRoot, expect, test } from './support.ts';

// The server's content security policy (apps/server/src/core/security.ts) on the real site: every
// page a viewer goes through loads and works with no violation, neither reported as an event nor
// logged by Chromium. The listeners are in place before each navigation.

type Messages = Record<string, unknown>;
const locale = (path: string): Messages => JSON.parse(readFileSync(join(repoRoot, path), 'utf8')) as Messages;

function text(language: 'en' | 'fr', path: string): string {
  const [ns, ...keys] = path.split('.');
  let node: unknown = locale(`packages/features/${ns}/src/locales/${language}.json`);
  for (const key of keys) node = (node as Messages | undefined)?.[key];
  if (typeof node !== 'string') throw new Error(`No text at ${path}`);
  return node.replace(/\{\{(\w+)\}\}/g, '').trim();
}

const escape = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const PASSWORD = 'grandstand-e2e-policy-5521';

interface Violation {
  page: string;
  directive: string;
  blocked: string;
  sample: string;
}

/** Collects every violation of the page's policy: the DOM event in each document, and Chromium's console errors. */
async function watchViolations(page: Page): Promise<string[]> {
  const found: string[] = [];
  await page.exposeFunction('reportPolicyViolation', (violation: Violation) => found.push(`${violation.page}: ${violation.directive} blocked ${violation.blocked} ${violation.sample}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportPolicyViolation: (v: Violation) => void }).reportPolicyViolation;
      void report({ page: location.href, directive: event.effectiveDirective, blocked: event.blockedURI, sample: event.sample });
    });
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content.Security.Policy/i.test(message.text())) found.push(`console: ${message.text()}`);
  });
  return found;
}

async function expectPlaying(page: Page): Promise<void> {
  await expect(page.locator('video')).toHaveCount(1, { timeout: 20_000 });
  await expect.poll(() => page.evaluate(() => document.querySelector('video')?.currentTime ?? 0), { timeout: 40_000 }).toBeGreaterThan(1);
}

async function apiKey(request: APIRequestContext, channel: DemoChannel): Promise<string> {
  const answer = await request.post(channelUrl(null, '/api/get_api_key'), { data: { channel_key: channelKey(channel) } });
  return ((await answer.json()) as { data: { api_key: string } }).data.api_key;
}

for (const channel of demoChannels) {
  const language = channel.slug === 'laurentides' ? 'fr' : 'en';

  test(`${channel.slug}: home, a listing, a playing event, login and the checkout pass the content security policy`, async ({ page, request }) => {
    test.setTimeout(150_000);
    const violations = await watchViolations(page);

    const home = await page.goto(siteUrl(channel, '/'));
    // The policy is really there: the test would prove nothing on a page without one.
    const policy = home?.headers()['content-security-policy'] ?? '';
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toMatch(/style-src 'self' 'nonce-[^']+'/);
    await expect(page.locator('main a[href^="/watch/"]').first()).toBeVisible();
    // styled-components found the nonce: its <style> elements carry it, and they styled the page.
    expect(await page.evaluate(() => [...document.querySelectorAll('style[data-styled]')].every((style) => (style as HTMLStyleElement).nonce !== ''))).toBe(true);
    expect(await page.evaluate(() => document.querySelectorAll('style[data-styled]').length)).toBeGreaterThan(0);

    await page.goto(siteUrl(channel, '/live'));
    await expect(page.getByRole('heading', { level: 1, name: channel.text.listings.live })).toBeVisible();
    await expect(page.locator('main a[href^="/watch/"]').first()).toBeVisible();

    const [free] = (await listEvents(request, channel, { stream_status: 'finished' })).filter((e) => e.access_type === 'free');
    await page.goto(siteUrl(channel, `/watch/${free!.id}`));
    await expect(page.getByText(channel.text.sponsor, { exact: true })).toHaveCount(0, { timeout: 30_000 });
    await expectPlaying(page);

    // A fresh viewer logs in on the site's login page.
    const email = `policy-${channel.slug}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.org`;
    const registered = await request.post(channelUrl(null, '/api/v2/auth/register'), {
      data: { api_key: await apiKey(request, channel), email, password: PASSWORD, password_confirmation: PASSWORD, first_name: 'Pat', last_name: 'Policy', terms: true },
    });
    expect(registered.status()).toBe(200);
    // The demo outbox's pages (server-rendered), the verification mail's HTML in its sandboxed frame included.
    await page.goto(siteUrl(channel, '/outbox'));
    await page.getByRole('row', { name: new RegExp(escape(email)) }).getByRole('link').first().click();
    await expect(page.frameLocator('iframe[title="The message as HTML"]').getByRole('link').first()).toBeVisible();
    await page.goto(siteUrl(channel, '/login'));
    await page.getByRole('textbox', { name: text(language, 'auth.fields.email') }).fill(email);
    await page.getByRole('textbox', { name: text(language, 'auth.fields.password'), exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: text(language, 'auth.login.submit') }).last().click();
    await expect(page).not.toHaveURL(/\/login/);

    // The checkout of a paid event, through the card's extra authentication (the sandbox's own page), back to the event playing.
    const events = await listEvents(request, channel, { stream_status: 'finished' });
    const paid = events.find((e: Event) => e.access_type === 'paid' && e.base_price > 0);
    expect(paid, 'the demo has a finished paid event').toBeDefined();
    await page.goto(siteUrl(channel, `/watch/${paid!.id}`));
    await page.getByRole('region', { name: channel.text.accessTitle }).getByRole('link').first().click();
    await expect(page).toHaveURL(new RegExp(`/select-package/${paid!.id}$`));
    await buyFromOffers(page, texts(language));
    const next = page.getByRole('button', { name: text(language, 'commerce.checkout.continue') });
    const payment = page.getByRole('heading', { name: text(language, 'commerce.checkout.payment') });
    await expect(next.or(payment).first()).toBeVisible();
    if (await next.isVisible()) await next.click();
    await expect(payment).toBeVisible();
    const newCard = page.getByRole('radio', { name: text(language, 'commerce.checkout.newCard') });
    if (await newCard.count()) await newCard.check();
    await page.getByRole('textbox', { name: text(language, 'commerce.checkout.cardNumber') }).fill('4000000000003220');
    await page.getByRole('textbox', { name: text(language, 'commerce.checkout.expMonth') }).fill('12');
    await page.getByRole('textbox', { name: text(language, 'commerce.checkout.expYear') }).fill(String(new Date().getFullYear() + 3));
    await page.getByRole('textbox', { name: text(language, 'commerce.checkout.cvc') }).fill('123');
    await page.getByRole('button', { name: new RegExp(`^${escape(text(language, 'commerce.checkout.pay'))}`) }).click();
    await expect(page).toHaveURL(/\/sandbox\/authenticate\//, { timeout: 20_000 });
    await page.getByRole('button', { name: 'Complete authentication' }).click();
    await expect(page).toHaveURL(new RegExp(`/watch/${paid!.id}$`), { timeout: 20_000 });
    await expectPlaying(page);

    expect(violations).toEqual([]);
  });

  test(`${channel.slug}: the embed page plays inside another site's frame, and other pages refuse to be framed`, async ({ page, request }) => {
    test.setTimeout(90_000);
    const violations = await watchViolations(page);
    const [free] = (await listEvents(request, channel, { stream_status: 'finished' })).filter((e) => e.access_type === 'free');
    // Another site: a page of the local OpenID provider (another origin; a page made up by the test
    // would count as public, and Chromium then refuses any frame from this local server).
    await page.goto(`http://localhost:${OIDC_PORT}/.well-known/openid-configuration`);
    await page.evaluate(
      ([embedUrl, watchUrl]) => {
        for (const [id, src] of [['embed', embedUrl], ['watch', watchUrl]] as const) {
          const frame = document.createElement('iframe');
          frame.id = id;
          frame.src = src;
          document.body.append(frame);
        }
      },
      [siteUrl(channel, `/watch_embed/${free!.id}`), siteUrl(channel, `/watch/${free!.id}`)] as const,
    );
    const embed = page.frameLocator('#embed');
    await expect(embed.locator('video')).toHaveCount(1, { timeout: 20_000 });
    await expect.poll(() => page.frame({ url: /watch_embed/ })?.evaluate(() => document.querySelector('video')?.currentTime ?? 0) ?? 0, { timeout: 40_000 }).toBeGreaterThan(0);
    // The watch page is refused by frame-ancestors 'none': its frame never gets the site.
    await expect.poll(() => page.frame({ url: /\/watch\/\d+$/ })?.evaluate(() => document.querySelectorAll('#root').length).catch(() => 0) ?? 0).toBe(0);
    // The refusal of the framed watch page is the policy working: reported by the browser in the framing page's console, not a violation inside our pages.
    expect(violations.filter((v) => !v.includes('frame-ancestors'))).toEqual([]);
  });
}
