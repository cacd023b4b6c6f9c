import type { Browser, BrowserContext, Page } from '@playwright/test';
import type { Event } from '@grandstand/contract';
import { demoChannels } from './channels.ts';
import type { DemoChannel } from './channels.ts';
import { CARDS, checkoutEvent, escape, expectPlaying, finishedPaidEvents, newBuyer, payWithNewCard, texts } from './checkout.ts';
import type { SiteAt } from './checkout.ts';
import { analyticsUrl, E2E_ERRORS_PORT, E2E_PORT, expect, repoRoot, test, visitorContext } from './support.ts';
import { languageOf, text } from './viewers.ts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// Analytics end to end (spec §7): a viewer's visit, login, purchase and half a minute of viewing on
// each demo channel reach that channel's reports on the analytics service, and only them; a request
// error reaches the channel's error-logging service with no secret in it.

/**
 * The site where analytics runs: spec §9 never calls it from a `localhost` host, so the default
 * channel is opened at 127.0.0.1 (the server serves it on a bare host) and the others by name.
 */
const analyticsSite: SiteAt = (channel, path = '/') => `http://${channel.host ? `${channel.host}.localhost` : '127.0.0.1'}:${E2E_PORT}${path}`;

const shell = (channel: DemoChannel) => JSON.parse(readFileSync(join(repoRoot, `packages/i18n/src/locales/${languageOf(channel)}/shell.json`), 'utf8')) as Record<string, unknown>;

/** The channel's privacy banner answered as a viewer who agrees (a notice closed, or an opt-in accepted). */
async function agreeToAnalytics(page: Page, channel: DemoChannel): Promise<void> {
  const words = shell(channel);
  const banner = page.getByRole('region', { name: text(words, 'consent.label') });
  await expect(banner).toBeVisible();
  await banner.getByRole('button', { name: new RegExp(`^(${escape(text(words, 'consent.ok'))}|${escape(text(words, 'consent.accept'))})$`) }).click();
  await expect(banner).toBeHidden();
}

interface Watched {
  channel: DemoChannel;
  event: Event;
  context: BrowserContext;
}

/** One viewer's visit: home, the privacy answer, login, buying a finished paid event, then half a minute of it. */
async function visitBuyAndWatch(browser: Browser, request: Parameters<typeof finishedPaidEvents>[0], channel: DemoChannel): Promise<Watched> {
  const t = texts(languageOf(channel));
  const context = await visitorContext(browser);
  const page = await context.newPage();
  await page.goto(analyticsSite(channel));
  await agreeToAnalytics(page, channel);
  await newBuyer(page, request, channel, t, analyticsSite);
  const events = await finishedPaidEvents(request, channel);
  const event = events.at(-1);
  expect(event, 'the demo has a finished paid event').toBeDefined();
  await checkoutEvent(page, channel, t, event!, analyticsSite);
  await payWithNewCard(page, t, CARDS.ok);
  await page.getByRole('button', { name: new RegExp(`^${escape(t('commerce.checkout.pay', { price: '' }).trim())}`) }).click();
  await expect(page).toHaveURL(new RegExp(`/watch/${event!.id}$`), { timeout: 20_000 });
  await expectPlaying(page);
  // Half a minute of viewing and a second (the recordings last 60 to 90 s): one 30 s beat (spec §9),
  // then the partial one as the page is left.
  await expect
    .poll(() => page.evaluate(() => {
      const video = document.querySelector('video');
      if (!video) return 0;
      let played = 0;
      for (let i = 0; i < video.played.length; i += 1) played += video.played.end(i) - video.played.start(i);
      return played;
    }), { timeout: 90_000, intervals: [2_000] })
    .toBeGreaterThanOrEqual(31);
  // Leaving the page hands the last events to the browser (sendBeacon) as a viewer closing it would.
  await page.goto(analyticsSite(channel));
  return { channel, event: event!, context };
}

/** What the operator's summary says (apps/analytics REPORTS.md), as far as these tests read it. */
interface Summary {
  site: { page_views: number; visitors: number; logins: number };
  views: number;
  unique_viewers: number;
  watch_time: { by_event: Array<{ stream_id: number; title: string | null; seconds: number }> };
  playback: { ttff_median_ms: number | null };
  funnel: { steps: Array<{ step: string; events: number }> };
  revenue: { by_product: Array<{ product_id: number | null; amount: number; purchases: number }> };
}

/** An operator's reports session on the analytics service, signed in as a person would post the form. */
async function operator(request: Parameters<typeof finishedPaidEvents>[0], email: string, password: string) {
  const signIn = await request.post(`${analyticsUrl}/reports/login`, { headers: { origin: analyticsUrl }, data: { email, password }, maxRedirects: 0 });
  expect(signIn.status(), await signIn.text()).toBeLessThan(400);
  return async (slug: string): Promise<{ status: number; body: Summary | null }> => {
    const answer = await request.get(`${analyticsUrl}/reports/api/${slug}/summary`);
    return { status: answer.status(), body: answer.ok() ? ((await answer.json()) as { data: Summary }).data : null };
  };
}

test.describe('analytics', () => {
  test("each channel's viewer — visit, login, purchase, half a minute of viewing — is in that channel's reports, and only there", async ({ browser, request }) => {
    test.setTimeout(240_000);
    // Both channels' viewers watch at once: the viewing is waited for once.
    const watched = await Promise.all(demoChannels.map((channel) => visitBuyAndWatch(browser, request, channel)));
    const summaryOf = await operator(request, 'ops@grandstand.test', 'grandstand-reports-demo');
    for (const { channel, event } of watched) {
      const watchedSeconds = async () => (await summaryOf(channel.slug)).body?.watch_time.by_event.find((row) => row.stream_id === event.id)?.seconds ?? 0;
      // The half minute, the last beat handed over as the page was left.
      await expect.poll(watchedSeconds, { timeout: 30_000 }).toBeGreaterThanOrEqual(28);
      const body = (await summaryOf(channel.slug)).body!;
      // The visit (home, login page, the event's pages) and the login.
      expect(body.site.page_views).toBeGreaterThanOrEqual(3);
      expect(body.site.visitors).toBeGreaterThanOrEqual(1);
      expect(body.site.logins).toBeGreaterThanOrEqual(1);
      expect(body.views).toBeGreaterThanOrEqual(1);
      expect(body.unique_viewers).toBeGreaterThanOrEqual(1);
      // The first frame came with its time.
      expect(body.playback.ttff_median_ms).toBeGreaterThan(0);
      // The purchase: every step of the funnel, and its revenue on the event bought.
      for (const step of ['view_buy_page', 'begin_checkout', 'purchase', 'purchase_success']) {
        expect(body.funnel.steps.find((row) => row.step === step)?.events, step).toBeGreaterThanOrEqual(1);
      }
      const sale = body.revenue.by_product.find((row) => row.product_id === event.id);
      expect(sale?.purchases).toBe(1);
      expect(sale?.amount).toBeGreaterThan(0);
      // Only there: the other channel's event is not in this channel's reports.
      const other = watched.find((entry) => entry.channel !== channel)!;
      expect(body.watch_time.by_event.some((row) => row.stream_id === other.event.id)).toBe(false);
      expect(body.revenue.by_product.some((row) => row.product_id === other.event.id)).toBe(false);
    }
    // A channel's own operator cannot read another channel's reports.
    const northfieldOnly = await operator(request, 'ops@northfield.test', 'northfield-reports-demo');
    expect((await northfieldOnly('laurentides')).status).toBe(404);
    await Promise.all(watched.map(({ context }) => context.close()));
  });

  test('a request error reaches the channel’s error service, with no password or key in it', async ({ page, request }) => {
    const channel = demoChannels.find((entry) => entry.slug === 'laurentides')!;
    const t = texts(languageOf(channel));
    const before = ((await (await request.get(`http://127.0.0.1:${E2E_ERRORS_PORT}/received`)).json()) as unknown[]).length;
    await page.goto(analyticsSite(channel, '/login'));
    const password = 'a-wrong-password-e2e-7781';
    await page.getByRole('textbox', { name: t('auth.fields.email') }).fill('nobody-e2e@example.org');
    await page.getByRole('textbox', { name: t('auth.fields.password'), exact: true }).fill(password);
    await page.getByRole('button', { name: t('auth.login.submit') }).last().click();
    const received = async () => ((await (await request.get(`http://127.0.0.1:${E2E_ERRORS_PORT}/received`)).json()) as Array<{ project: string; body: string }>).slice(before);
    await expect.poll(async () => (await received()).length, { timeout: 20_000 }).toBeGreaterThan(0);
    const reports = await received();
    expect(reports.every((report) => report.project === '2')).toBe(true);
    const all = reports.map((report) => report.body).join('\n');
    expect(all).toContain('login');
    expect(all).not.toContain(password);
    // The visitor's api key (spec §9: kept under the site's prefix) and the channel key went with the
    // failed call; neither may reach the error service.
    const keys = await page.evaluate(() =>
      Object.entries(localStorage)
        .filter(([name]) => name.endsWith(':api_key') || name.endsWith(':channel_key'))
        .map(([, stored]) => (JSON.parse(stored) as { value: string }).value),
    );
    expect(keys.length).toBe(2);
    for (const key of keys) expect(all).not.toContain(key);
  });
});
