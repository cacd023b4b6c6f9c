import { expect, test as base } from '@playwright/test';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { resolve } from 'node:path';
import { chromiumLaunchOptions as chromiumOptions } from '@grandstand/vitest-config/chromium';

/** The reference server the end-to-end tests and the bench run against: real, seeded, local. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8181);
export const repoRoot = resolve(import.meta.dirname, '../../..');
export const e2eDataDir = resolve(repoRoot, '.data/e2e');
/**
 * The media the tests play, packaged at 240p (`MEDIA_QUALITY`) in a folder of its own: in under half
 * the time of the viewer's 480p, and apart from the demo's, which it would otherwise re-encode.
 */
export const e2eMediaDir = resolve(repoRoot, '.data/e2e-media');
export const E2E_MEDIA_QUALITY = '240p';
/**
 * How long the end-to-end server's stream addresses work (`MEDIA_TOKEN_LIFETIME`, two minutes by
 * default): short, so every test that plays also plays across renewals, and the renewal tests wait
 * seconds, not minutes.
 */
export const E2E_STREAM_LIFETIME_S = 12;

/** Each channel's site by host name, as the server serves them (issue: `<slug>.localhost`). */
export function channelUrl(slug: string | null, path = '/'): string {
  const host = slug ? `${slug}.localhost` : 'localhost';
  return `http://${host}:${E2E_PORT}${path}`;
}

/** Debian's Chromium, with autoplay: the player tests start videos without a click. */
export const chromiumLaunchOptions = chromiumOptions({ autoplay: true });

/** The analytics service beside the channel server (its own origin), with a store of its own. */
export const E2E_ANALYTICS_PORT = Number(process.env.E2E_ANALYTICS_PORT ?? 8191);
export const analyticsUrl = `http://127.0.0.1:${E2E_ANALYTICS_PORT}`;
export const analyticsDataDir = resolve(repoRoot, '.data/e2e-analytics');
/** The token the channel server forgets deleted viewers with (made up for the tests). */
export const ANALYTICS_ADMIN_TOKEN = 'e2e-analytics-admin-token-0123456789';

/** The local error-logging service (Sentry protocol) every channel's DSN points at in the tests. */
export const E2E_ERRORS_PORT = Number(process.env.E2E_ERRORS_PORT ?? 8193);
export function errorDsn(slug: string): string {
  return `http://${slug}public@127.0.0.1:${E2E_ERRORS_PORT}/${slug === 'northfield' ? 1 : 2}`;
}

/** The local OpenID provider that stands in for Google in the end-to-end tests. */
export const OIDC_PORT = Number(process.env.E2E_OIDC_PORT ?? 9191);

/**
 * A server-rendered page is on screen before the browser has taken it over (hydration); what a
 * test does to it in between is lost, as it would be for a person. Every navigation of a test page
 * (`goto`, `reload`) therefore waits until the site is the viewer's: the page marks `<html data-ready>`
 * once its content is taken over (`SiteReady`).
 * Pages that are not the site (outbox, sandbox) have no #root and are not waited on, and a test that
 * asks for an earlier moment (`waitUntil: 'commit'` or `'domcontentloaded'`) gets that moment.
 */
function waitForTakeOver(page: Page): void {
  const ready = () =>
    page.waitForFunction(() => !document.getElementById('root') || document.documentElement.dataset.ready !== undefined, undefined, { timeout: 20_000 });
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    if (options?.waitUntil !== 'commit' && options?.waitUntil !== 'domcontentloaded') await ready();
    return response;
  };
  page.reload = async (options) => {
    const response = await reload(options);
    await ready();
    return response;
  };
}

/** Another browser where nobody is logged in (a visitor), whose pages wait for the take-over too. */
export async function visitorContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext();
  context.on('page', waitForTakeOver);
  return context;
}

export const test = base.extend<{ closeOwnContexts: void }>({
  // Playwright's fixture callback is not React's `use`: named apart so the hooks rule does not mistake it.
  context: async ({ context, javaScriptEnabled }, provide) => {
    if (javaScriptEnabled !== false) context.on('page', waitForTakeOver);
    await provide(context);
  },
  /**
   * The browsers a test opens itself (a second viewer, a TV, the producer) close when it ends, as its
   * own page does. The browser serves every test of a worker: a context left open kept its live
   * video playing and its popups polling through every later test, three of them a tenth of a core
   * each for the second half of the suite.
   */
  closeOwnContexts: [
    async ({ browser }, provide) => {
      const before = new Set(browser.contexts());
      await provide();
      await Promise.all(browser.contexts().filter((context) => !before.has(context)).map((context) => context.close().catch(() => {})));
    },
    { auto: true },
  ],
});
export { expect };
