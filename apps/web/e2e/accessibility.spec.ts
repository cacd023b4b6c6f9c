import type { APIRequestContext, Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { demoChannels, listEvents, siteCall, siteUrl } from './channels.ts';
import type { DemoChannel } from './channels.ts';
import { expect, test } from './support.ts';
import { languageOf, newViewer } from './viewers.ts';

// The axe sweep: every route of each demo channel, at a phone's width (390 px) and a laptop's
// (1366 px), as a visitor and as a logged-in viewer, with axe's WCAG 2.2 AA rules and its best
// practices, target size (2.5.8) and colour contrast included. Component tests check each piece in
// jsdom; only a browser lays the pieces out together, which is where a star beside a card's links
// turns out smaller than its neighbours allow.

// axe as the component tests have it (the shared vitest preset's dependency), in its browser build.
const axePreset = createRequire(import.meta.url).resolve('@grandstand/vitest-config/axe');
const axeSource = readFileSync(createRequire(axePreset).resolve('axe-core/axe.min.js'), 'utf8');
const WIDTHS = [1366, 390] as const;

/** The routes that take no id (spec §2), and the demo channels' own pages, for everyone. */
const SHARED_ROUTES = ['/', '/live', '/upcoming', '/schedule', '/vod', '/vod_library', '/packages', '/buy', '/faq', '/about', '/contacts', '/about-us', '/privacy', '/404'];
/**
 * The shared routes whose content changes for a logged-in viewer (follow stars, held passes and
 * 'Upgrade', access on the cards); the others differ only by the header's account menu, which every
 * viewer route below shows. Sweeping only these keeps the viewer's sweep to what it adds.
 */
const VIEWER_SHARED_ROUTES = ['/', '/live', '/upcoming', '/vod', '/packages', '/buy'];
/** A visitor's own pages (a viewer is sent home from them). */
const VISITOR_ROUTES = ['/login', '/registration', '/verify-notice', '/password-reset-request'];
/** A viewer's own pages (a visitor is sent to log in from them). */
const VIEWER_ROUTES = ['/profile', '/profile/transactions', '/profile/clips', '/profile/favourites', '/profile/edit', '/profile/sessions/add', '/device', '/confirm-account-deletion'];

/**
 * The search page with results (the site's query is `q`; the API's `title`): a word each demo
 * channel's library holds in its own language.
 */
function searchRoute(channel: DemoChannel): string {
  return `/search?q=${languageOf(channel) === 'fr' ? 'match' : 'game'}`;
}

/** The routes of one event of each kind: a live game, an upcoming one, a recording, and its embed and clips. */
async function eventRoutes(request: APIRequestContext, channel: DemoChannel): Promise<string[]> {
  const routes: string[] = [];
  for (const status of ['live', 'upcoming', 'finished'] as const) {
    const [event] = await listEvents(request, channel, { stream_status: status });
    if (event) routes.push(`/watch/${event.id}`);
    if (event && status === 'finished') routes.push(`/watch_embed/${event.id}`, `/watch_library/${event.id}`);
  }
  expect(routes.length, `${channel.slug} has live, upcoming and on-demand events`).toBeGreaterThanOrEqual(5);
  return routes;
}

interface Violation {
  id: string;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/** The page once its data has drawn: no skeleton or busy region left (a loading frame is not the page). */
async function settled(page: Page): Promise<void> {
  await expect(page.locator('[data-skeleton="true"], main [aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
}

async function axeViolations(page: Page): Promise<Violation[]> {
  // Evaluated by the browser's DevTools, not as a script of the page: the site's policy allows none inline.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: Violation[] }> } }).axe;
    const result = await axe.run(document, {
      // WCAG 2.0 to 2.2, levels A and AA: what the site promises (target size is 2.2's 2.5.8).
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'] },
      // Only what fails is wanted: axe then skips gathering the passes, the larger part of its work.
      resultTypes: ['violations'],
    });
    return result.violations.map(({ id, help, nodes }) => ({ id, help, nodes: nodes.map(({ target, failureSummary }) => ({ target, failureSummary })) }));
  });
}

/** Each route at each width: what axe finds, as readable lines. */
async function sweep(page: Page, channel: DemoChannel, routes: readonly string[]): Promise<string[]> {
  const found: string[] = [];
  for (const route of routes) {
    const started = Date.now();
    await page.setViewportSize({ width: WIDTHS[0], height: 900 });
    await page.goto(siteUrl(channel, route));
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await settled(page);
      for (const violation of await axeViolations(page)) {
        for (const node of violation.nodes) found.push(`${route} @${width}px ${violation.id}: ${node.target.join(' ')} (${violation.help}) ${node.failureSummary ?? ''}`);
      }
    }
    test.info().annotations.push({ type: 'swept', description: `${route} in ${Date.now() - started} ms` });
  }
  return found;
}

for (const channel of demoChannels) {
  test(`${channel.slug}: every route is axe-clean at 390 and 1366 px for a visitor`, async ({ page, request }) => {
    test.setTimeout(600_000);
    const routes = [...SHARED_ROUTES, searchRoute(channel), ...VISITOR_ROUTES, ...(await eventRoutes(request, channel))];
    // The sweep meets the results, not the empty state: a count such as "Videos (2)" heads them.
    await page.goto(siteUrl(channel, searchRoute(channel)));
    await expect(page.getByRole('main').getByRole('heading', { name: /\([1-9]\d*\)$/ }).first()).toBeVisible();
    expect(await sweep(page, channel, routes)).toEqual([]);
  });

  test(`${channel.slug}: every route is axe-clean at 390 and 1366 px for a logged-in viewer`, async ({ page, request }) => {
    test.setTimeout(600_000);
    // A channel with its own device page (spec §2 `remoteAuth`, as Les Laurentides has) sends a
    // viewer's `/profile/sessions/add` there: that page is the channel's, outside the site.
    const settings = (await (await request.get(...siteCall(channel, '/api/settings'))).json()) as { data: { auth: { remote_auth: number }; remoteAuth: string | null } };
    const remote = settings.data.auth.remote_auth === 1 && settings.data.remoteAuth !== null;
    const viewerRoutes = VIEWER_ROUTES.filter((route) => !(remote && route === '/profile/sessions/add'));
    const routes = [...VIEWER_SHARED_ROUTES, ...viewerRoutes, ...(await eventRoutes(request, channel))];
    await newViewer(page, request, channel, 'axe');
    expect(await sweep(page, channel, routes)).toEqual([]);
  });
}
