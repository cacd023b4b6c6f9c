import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { APIRequestContext } from '@playwright/test';
import type { ColorSettings } from '@grandstand/contract';
import { channelUrl, e2eDataDir, E2E_PORT, expect, repoRoot, test } from './support.ts';

// Channels as data, end to end, while the server runs: a channel folder imported with the CLI
// answers on its own host in its own name, colours and language, with no build and no restart.

const run = promisify(execFile);
/** Channels as data: an imported channel answers within 60 s. */
const IMPORTED_WITHIN = 60_000;

/** `#rrggbb` as the browser's computed style writes it. */
function rgb(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}

/** A slug no seed and no earlier run uses. */
function freshSlug(prefix: string): string {
  return `${prefix}-${randomBytes(4).toString('hex')}`;
}

/** A page of a channel's host asked by Node, which cannot resolve `<slug>.localhost` (Chromium can): by its name in `Host`. */
async function hostStatus(request: APIRequestContext, slug: string): Promise<number> {
  const answer = await request.get(channelUrl(null, '/'), { headers: { host: `${slug}.localhost:${E2E_PORT}` }, failOnStatusCode: false });
  return answer.status();
}

test.describe('channels as data while the server runs', () => {
  test('a channel folder imported with the CLI answers on its own host in its own name, colours and language', async ({ page, request }) => {
    test.setTimeout(IMPORTED_WITHIN + 30_000);
    const slug = freshSlug('import');
    const name = `Club nautique ${slug.slice(-8)}`;
    const colors: ColorSettings = {
      'header-background': '#5b2a86',
      'header-text-color': '#ffffff',
      'body-background': '#fff8e7',
      'body-text-color': '#2b1d0e',
      'footer-background': '#2b1d0e',
      'footer-text-color': '#fff8e7',
      'primary-color': '#e4572e',
      'secondary-color': '#17bebb',
    };
    const parent = mkdtempSync(join(tmpdir(), 'grandstand-channel-'));
    try {
      const folder = join(parent, slug);
      mkdirSync(folder);
      writeFileSync(
        join(folder, 'channel.json'),
        JSON.stringify({
          slug,
          name,
          default: false,
          channelKey: `e2e_pub_${randomBytes(18).toString('base64url')}`,
          language: 'fr',
          currency: 'CAD',
          fallbackColors: colors,
          logo: 'logo.svg',
          description: 'L’aviron du port, en direct et sur demande.',
        }),
      );
      writeFileSync(
        join(folder, 'logo.svg'),
        `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 40"><title>${name}</title><rect width="120" height="40" rx="6" fill="#e4572e"/><path d="M10 30 L30 10 L50 30 Z" fill="#ffffff"/></svg>`,
      );

      // The CLI of the machine the server runs on, on the same data: it hands the folder to the running server.
      const started = Date.now();
      const { stdout } = await run('node', [join(repoRoot, 'apps/server/src/cli.ts'), 'channels', 'import', folder], {
        cwd: join(repoRoot, 'apps/server'),
        env: { ...process.env, PORT: String(E2E_PORT), PGLITE_DATA_DIR: e2eDataDir },
        timeout: IMPORTED_WITHIN,
      });
      expect(stdout).toContain(`imported ${slug}`);
      await expect.poll(() => hostStatus(request, slug), { timeout: IMPORTED_WITHIN - (Date.now() - started), intervals: [250, 500, 1000] }).toBe(200);

      await page.goto(channelUrl(slug));
      await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
      await expect(page).toHaveTitle(new RegExp(name));
      await expect(page.getByRole('banner').getByRole('img', { name })).toBeVisible();
      // The French site's own words, and the channel's own colours (not the default channel's).
      await expect(page.getByRole('navigation', { name: 'Navigation principale' })).toBeAttached();
      expect(await page.getByRole('banner').evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(rgb(colors['header-background']));
      expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(rgb(colors['body-background']));
      expect(Date.now() - started).toBeLessThan(IMPORTED_WITHIN);
    } finally {
      rmSync(parent, { recursive: true, force: true });
    }
  });
});
