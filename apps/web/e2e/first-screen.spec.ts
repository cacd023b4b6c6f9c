import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { FIRST_SCREEN_WAIT_MS } from '../src/boot/firstScreenShown.ts';
import { demoChannels, listEvents, siteUrl } from './channels.ts';
import { expect, repoRoot, test } from './support.ts';

// architecture: the first screen comes in the HTML, and nothing moves once painted.

/** The page as a browser without JavaScript sees it: only what the server sent. */
test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const channel of demoChannels) {
    test(`${channel.slug}: the home page's HTML carries the header, the first screen's rails and their events`, async ({ page }) => {
      await page.goto(siteUrl(channel, '/'));
      await expect(page.getByRole('banner').getByRole('link').first()).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // The hero's slides with their pictures, and the first rail's events (later sections render
      // in the browser as they come near the viewport).
      await expect(page.locator('main picture img').first()).toBeVisible();
      await expect(page.locator('main a[href^="/watch/"]').first()).toBeAttached();
      // The theme is in the HTML too: the header is painted in the channel's colours, not the browser's.
      const background = await page.getByRole('banner').evaluate((element) => getComputedStyle(element).backgroundColor);
      expect(background).not.toBe('rgba(0, 0, 0, 0)');
    });

    test(`${channel.slug}: the HTML's data is a visitor's and holds no key`, async ({ request }) => {
      // Node does not resolve <slug>.localhost: the Host header names the channel.
      const url = new URL(siteUrl(channel, '/'));
      const html = await (await request.get(`http://localhost:${url.port}/`, { headers: { host: url.host } })).text();
      const state = /<script type="application\/json" id="grandstand-state">([^<]*)<\/script>/.exec(html)?.[1];
      expect(state).toBeTruthy();
      expect(html).not.toMatch(/api_key|channel_key/);
    });

    test(`${channel.slug}: the HTML names one script and preloads none, so the first paint waits for no script`, async ({ request }) => {
      const url = new URL(siteUrl(channel, '/'));
      const html = await (await request.get(`http://localhost:${url.port}/`, { headers: { host: url.host } })).text();
      // The boot script, which loads the entry (the framework and the rest) once the first screen is
      // painted; listed here, their downloads began with the page's own.
      expect(html.match(/<script type="module"[^>]*src="\/assets\/[^"]+\.js"[^>]*>/g)).toEqual([expect.stringMatching(/src="\/assets\/boot-[^"]+\.js" data-entry="\/assets\/startup-[^"]+\.js"/)]);
      expect(html).not.toContain('modulepreload');
    });

    test(`${channel.slug}: a listing's HTML carries its heading and its events`, async ({ page }) => {
      await page.goto(siteUrl(channel, '/vod'));
      await expect(page.getByRole('heading', { level: 1, name: channel.text.listings.vod })).toBeVisible();
      await expect(page.locator('main a[href^="/watch/"]').first()).toBeVisible();
    });

    test(`${channel.slug}: a watch page's HTML carries the event and the tags a shared link previews with`, async ({ page, request }) => {
      const [event] = await listEvents(request, channel, { stream_status: 'finished', limit: '1' });
      if (!event) throw new Error(`${channel.slug} has no on-demand event`);
      await page.goto(siteUrl(channel, `/watch/${event.id}`));
      const title = await page.locator('head title').textContent();
      expect(title).toContain(event.participants[0]?.name ?? event.name);
      const meta = (name: string) => page.locator(`head meta[property="${name}"], head meta[name="${name}"]`).getAttribute('content');
      expect(await meta('og:title')).toBeTruthy();
      expect(title).toContain(await meta('og:title'));
      expect(await meta('og:type')).toBe('video.other');
      expect(await meta('og:description')).toBeTruthy();
      expect(await meta('og:url')).toMatch(new RegExp(`^https?://[^/]+/watch/${event.id}$`));
      // An on-demand event previews with its poster frame, a JPEG on the channel's own origin.
      expect(await meta('og:image')).toMatch(new RegExp(`^https?://[^/]+/media/.+\\.jpg$`));
      expect(await meta('twitter:card')).toBe('summary_large_image');
      await expect(page.getByRole('main')).toContainText(event.participants[0]?.name ?? event.name);
    });

    test(`${channel.slug}: an upcoming event's watch page previews with its drawn card as a JPEG`, async ({ request }) => {
      const [event] = await listEvents(request, channel, { stream_status: 'upcoming', limit: '1' });
      if (!event) throw new Error(`${channel.slug} has no upcoming event`);
      const url = new URL(siteUrl(channel, '/'));
      const html = await (await request.get(`http://localhost:${url.port}/watch/${event.id}`, { headers: { host: url.host } })).text();
      const image = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1];
      expect(image).toMatch(new RegExp(`/media/pictures/events/${event.id}/card-\\w{10}-960\\.jpg$`));
      expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
      const picture = await request.get(`http://localhost:${url.port}${new URL(image!).pathname}`, { headers: { host: url.host } });
      expect(picture.status()).toBe(200);
      expect(picture.headers()['content-type']).toBe('image/jpeg');
    });

    test(`${channel.slug}: an unknown event's watch page is left to the browser, which goes on to the 404 page`, async ({ request }) => {
      const url = new URL(siteUrl(channel, '/'));
      for (const path of ['/watch/not-a-number', '/watch/99999999']) {
        const html = await (await request.get(`http://localhost:${url.port}${path}`, { headers: { host: url.host } })).text();
        // No rendered page (an empty watch page would flash before the 404), the site's shell instead.
        expect(html, path).not.toContain('id="grandstand-state"');
        expect(html, path).toContain('id="root"');
      }
    });
  }
});

/** The sum of the page's layout shifts that no input caused, as Lighthouse counts CLS (one session here). */
async function layoutShift(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { __shift: number }).__shift);
}

/** What moved, when it did (ms after navigation), by how much: named in a failure, so a shift can be traced. */
async function shiftsSeen(page: Page): Promise<string> {
  return page.evaluate(() => (window as unknown as { __shifts: string[] }).__shifts.join('\n'));
}

for (const channel of demoChannels) {
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1366, height: 768 },
  ]) {
    test(`${channel.slug} at ${viewport.width} px: the home page holds still while it loads and takes over without errors`, async ({ page }) => {
      await page.setViewportSize(viewport);
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('console', (message) => {
        // Hydration mismatches and policy violations are reported on the console.
        if (message.type() === 'error' && /hydrat|Content Security Policy|Minified React error/i.test(message.text())) errors.push(message.text());
      });
      await page.addInitScript(() => {
        const state = window as unknown as { __shift: number; __shifts: string[] };
        state.__shift = 0;
        state.__shifts = [];
        type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[] };
        const box = (rect: DOMRectReadOnly) => `${Math.round(rect.x)},${Math.round(rect.y)} ${Math.round(rect.width)}x${Math.round(rect.height)}`;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Shift[]) {
            if (entry.hadRecentInput) continue;
            state.__shift += entry.value;
            const moved = entry.sources.map((source) => `${source.node instanceof Element ? source.node.outerHTML.slice(0, 80) : source.node?.nodeName} ${box(source.previousRect)} -> ${box(source.currentRect)}`);
            state.__shifts.push(`${Math.round(entry.startTime)} ms, ${entry.value.toFixed(4)}: ${moved.join('; ')}`);
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await page.goto(siteUrl(channel, '/'), { waitUntil: 'networkidle' });
      // The viewer's part of the startup (keys, profile, geo) has run and the page is interactive.
      await expect(page.locator('main a[href^="/watch/"]').first()).toBeVisible();
      await page.waitForTimeout(500);
      expect(await layoutShift(page), await shiftsSeen(page)).toBeLessThan(0.02);
      expect(errors).toEqual([]);
    });
  }
}

for (const channel of demoChannels) {
  test(`${channel.slug}: the site's code is asked for once the first screen's picture is painted, and the page is then taken over`, async ({ page }) => {
    const errors = hydrationErrors(page);
    await page.setViewportSize({ width: 390, height: 844 });
    // Waits for the take-over (support.ts), which needs the code.
    await page.goto(siteUrl(channel, '/vod'));
    const { painted, asked, booted } = await page.evaluate(async () => {
      type ElementEntry = PerformanceEntry & { identifier: string; renderTime: number };
      const entries = await new Promise<ElementEntry[]>((resolve) => {
        new PerformanceObserver((list) => resolve(list.getEntries() as ElementEntry[])).observe({ type: 'element', buffered: true });
      });
      const pictures = entries.filter((entry) => entry.identifier === 'priority-picture').map((entry) => entry.renderTime);
      const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const entry = resources.find((resource) => /\/assets\/startup-[^/]+\.js$/.test(resource.name));
      // The page's own script, which waits: it runs once it has arrived.
      const boot = resources.find((resource) => /\/assets\/boot-[^/]+\.js$/.test(resource.name));
      return { painted: pictures.length > 0 ? Math.min(...pictures) : null, asked: entry?.startTime ?? null, booted: boot?.responseEnd ?? null };
    });
    expect(painted).not.toBeNull();
    expect(asked).not.toBeNull();
    expect(booted).not.toBeNull();
    // After the picture's paint, or, where a busy browser paints it later than the wait allows, not
    // before the wait is over (the code never waits longer than FIRST_SCREEN_WAIT_MS for a picture).
    if (asked! < painted!) expect(asked!, `asked for at ${asked} ms, before the picture's paint at ${painted} ms`).toBeGreaterThanOrEqual(booted! + FIRST_SCREEN_WAIT_MS);
    expect(errors).toEqual([]);
  });
}

/**
 * Counts the Intl formatters the page makes from its first script on: a page's first one loads its
 * locale and zone data, the longest single task of a phone's start.
 */
async function countIntlFormatters(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const made = { count: 0 };
    Object.assign(window, { __intlMade: made });
    function counted<T extends new (...args: never[]) => object>(constructor: T): T {
      return new Proxy(constructor, {
        construct(target, args: never[]) {
          made.count += 1;
          return Reflect.construct(target, args) as object;
        },
      });
    }
    Intl.DateTimeFormat = counted(Intl.DateTimeFormat);
    Intl.NumberFormat = counted(Intl.NumberFormat);
  });
}

async function intlFormattersMade(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { __intlMade: { count: number } }).__intlMade.count);
}

/** Hydration mismatches, as React reports them on the console. */
function hydrationErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /hydrat|Minified React error/i.test(message.text())) errors.push(message.text());
  });
  return errors;
}

for (const channel of demoChannels) {
  test(`${channel.slug}: a watch page is taken over with the server's dates and prices, without loading Intl's data`, async ({ page, request }) => {
    const [event] = await listEvents(request, channel, { stream_status: 'finished', limit: '1' });
    if (!event) throw new Error(`${channel.slug} has no on-demand event`);
    const errors = hydrationErrors(page);
    await countIntlFormatters(page);
    await page.goto(siteUrl(channel, `/watch/${event.id}`));
    await page.locator('html[data-ready]').waitFor({ state: 'attached' });
    const when = page.getByRole('main').locator('dd').first();
    const serverText = await when.textContent();
    await page.waitForTimeout(1000);
    expect(await intlFormattersMade(page)).toBe(0);
    // The date reads as the server wrote it, and the page took the markup over without a mismatch.
    await expect(when).toHaveText(serverText ?? '');
    expect(errors).toEqual([]);
  });

  test(`${channel.slug}: the home's later rails show their cards' dates without loading Intl's data`, async ({ page, request }) => {
    // The cards' dates the server drew: the first screen's (the later rails are placeholders there).
    const url = new URL(siteUrl(channel, '/'));
    const html = await (await request.get(`http://localhost:${url.port}/`, { headers: { host: url.host } })).text();
    const served = html.match(/<time /g)?.length ?? 0;
    const errors = hydrationErrors(page);
    await countIntlFormatters(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(siteUrl(channel, '/'));
    // Down to the end of the page: every section below the fold renders in the browser.
    for (let step = 0; step < 20; step += 1) await page.mouse.wheel(0, 800);
    await expect(page.locator('[data-near-viewport="pending"]')).toHaveCount(0);
    expect(await page.locator('main time').count()).toBeGreaterThan(served);
    await page.waitForTimeout(500);
    expect(await intlFormattersMade(page)).toBe(0);
    expect(errors).toEqual([]);
  });
}

/** A text of a locale file, as the page shows it. */
function localeText(file: string, path: string): string {
  let node: unknown = JSON.parse(readFileSync(join(repoRoot, file), 'utf8'));
  for (const key of path.split('.')) node = (node as Record<string, unknown>)[key];
  if (typeof node !== 'string') throw new Error(`No text at ${file} ${path}`);
  return node;
}

/** A script's text with its `\\u` and `\\x` escapes read, as a minifier may write non-ASCII letters. */
function unescaped(script: string): string {
  return script.replace(/\\u([0-9a-fA-F]{4})|\\x([0-9a-fA-F]{2})/g, (_, u?: string, x?: string) => String.fromCharCode(parseInt(u ?? x ?? '0', 16)));
}

for (const channel of demoChannels) {
  test(`${channel.slug}: a server-rendered page is taken over with the texts it came with, and loads none`, async ({ page, request }) => {
    const language = channel.slug === 'laurentides' ? 'fr' : 'en';
    // One text of each namespace the home and the watch page show.
    const texts = [
      localeText(`packages/i18n/src/locales/${language}/shell.json`, 'skipToContent'),
      localeText(`packages/i18n/src/locales/${language}/errors.json`, 'whoopsMessage'),
      localeText(`packages/features/events/src/locales/${language}.json`, 'home.noSchoolEvents'),
      localeText(`packages/features/events/src/watch/locales/${language}.json`, 'access.title'),
    ];
    const scripts: Promise<string>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response.text());
    });
    const [event] = await listEvents(request, channel, { stream_status: 'finished', limit: '1' });
    if (!event) throw new Error(`${channel.slug} has no on-demand event`);
    for (const path of ['/', `/watch/${event.id}`]) {
      await page.goto(siteUrl(channel, path));
      await page.locator('html[data-ready]').waitFor({ state: 'attached' });
      await page.waitForLoadState('networkidle');
    }
    // The page shows its texts, in the channel's language, and no script it loaded carried them.
    await expect(page.getByRole('link', { name: texts[0] })).toBeAttached();
    const loaded = (await Promise.all(scripts)).map(unescaped);
    expect(loaded.length).toBeGreaterThan(0);
    for (const text of texts) expect(loaded.filter((script) => script.includes(text)), text).toEqual([]);
  });
}
