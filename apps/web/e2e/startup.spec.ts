import type { ConsoleMessage, Page } from '@playwright/test';
import { channelUrl, expect, test } from './support.ts';

/**
 * Console errors and uncaught exceptions. One entry is expected and allowed: Chromium logs the
 * visitor's 401 from /api/profile as a failed resource, and that 401 is the answer the spec gives a
 * visitor (spec §7: GET /profile, 401 tolerated).
 */
function collectProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() !== 'error') return;
    const visitorProfile = new URL(message.location().url || 'http://x/').pathname === '/api/profile' && message.text().includes('401');
    if (!visitorProfile) problems.push(`console: ${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => problems.push(`page: ${error.message}`));
  return problems;
}

test.describe('startup sequence', () => {
  /** The startup's calls as the browser makes them. */
  function collectCalls(page: Page): string[] {
    const calls: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/') || url.pathname === '/channel-key.json') calls.push(url.pathname);
    });
    return calls;
  }

  test('the default channel starts in English with its menu and no console errors', async ({ page }) => {
    const problems = collectProblems(page);
    const calls = collectCalls(page);

    // The login page is not rendered by the server: the whole sequence goes over the network.
    await page.goto(channelUrl(null, '/login'));
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');

    // spec §4, in order: channel key, api key, then the parallel calls, then the lists.
    expect(calls.slice(0, 2)).toEqual(['/channel-key.json', '/api/get_api_key']);
    const parallel = calls.slice(2, 7).sort();
    expect(parallel).toEqual(['/api/color-settings/web', '/api/menu', '/api/pages', '/api/profile', '/api/settings']);
    expect(calls).toContain('/api/geo');
    const lists = ['/api/participant-groups', '/api/participants', '/api/events-categories'];
    for (const list of lists) expect(calls.indexOf(list)).toBeGreaterThan(calls.indexOf('/api/geo'));
    expect(problems).toEqual([]);
  });

  test('on a server-rendered page the startup asks only for the viewer\'s part: the rest came in the page', async ({ page }) => {
    const problems = collectProblems(page);
    const calls = collectCalls(page);
    await page.goto(channelUrl(null));
    await expect(page.getByRole('heading', { level: 1, name: 'Northfield Schools Network' })).toBeVisible();
    await expect.poll(() => calls.includes('/api/geo')).toBe(true);
    // spec §4: keys first, then the profile, then (a visitor) geo data.
    expect(calls.slice(0, 2)).toEqual(['/channel-key.json', '/api/get_api_key']);
    expect(calls.indexOf('/api/profile')).toBeGreaterThan(1);
    expect(calls.indexOf('/api/geo')).toBeGreaterThan(calls.indexOf('/api/profile'));
    for (const inPage of ['/api/menu', '/api/pages', '/api/settings', '/api/color-settings/web', '/api/participants', '/api/participant-groups', '/api/events-categories']) {
      expect(calls, inPage).not.toContain(inPage);
    }
    expect(problems).toEqual([]);
  });

  test('the French channel starts in French with its own theme', async ({ page }) => {
    const problems = collectProblems(page);
    await page.goto(channelUrl('laurentides'));
    await expect(page.getByRole('navigation', { name: 'Navigation principale' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('heading', { level: 1, name: 'Ligue des Laurentides' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Aller au contenu' })).toBeAttached();
    // Its body background is its own dark green, not the default channel's light grey.
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).toBe('rgb(15, 27, 20)');
    expect(problems).toEqual([]);
  });

  test('the first paint uses the channel\'s fallback colours before the settings arrive', async ({ page }) => {
    // Hold the key exchange so the site stays on its first frame; the login page is not rendered by
    // the server, so that frame is the loader.
    await page.route('**/api/get_api_key', () => undefined);
    await page.goto(channelUrl('laurentides', '/login'), { waitUntil: 'domcontentloaded' });
    const background = await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
    expect(background).toBe('rgb(15, 27, 20)');
    await expect(page.getByRole('status')).toContainText('Chargement');
  });

  test('a server-rendered page shows its first screen while the startup is still under way, and no loader', async ({ page }) => {
    await page.route('**/api/get_api_key', () => undefined);
    await page.goto(channelUrl('laurentides'), { waitUntil: 'domcontentloaded' });
    await expect(page.getByRole('heading', { level: 1, name: 'Ligue des Laurentides' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Chargement' })).toHaveCount(0);
  });

  test('a channel page from the page list opens from the menu, titled with its name', async ({ page }) => {
    await page.goto(channelUrl(null));
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: /about/i }).first().click();
    await expect(page).toHaveURL(/\/about-us$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page).toHaveTitle(/About/i);
  });

  test('a school entry narrows the home to that school', async ({ page }) => {
    await page.goto(channelUrl(null));
    const schools = page.getByRole('region', { name: 'Schools' });
    // The schools render as they come near the viewport, as a viewer scrolls to them.
    await schools.scrollIntoViewIfNeeded();
    const first = schools.getByRole('link').first();
    const name = (await first.textContent()) ?? '';
    await first.click();
    await expect(page).toHaveURL(/\?school=/);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Teams' })).toBeVisible();
  });
});
