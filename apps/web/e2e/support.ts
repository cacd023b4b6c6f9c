import { resolve } from 'node:path';

/** The reference server the end-to-end tests and the bench run against: real, seeded, local. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8181);
export const repoRoot = resolve(import.meta.dirname, '../../..');
export const e2eDataDir = resolve(repoRoot, '.data/e2e');

/** Each channel's site by host name, as the server serves them (issue: `<slug>.localhost`). */
export function channelUrl(slug: string | null, path = '/'): string {
  const host = slug ? `${slug}.localhost` : 'localhost';
  return `http://${host}:${E2E_PORT}${path}`;
}

/** Debian's Chromium: Playwright cannot download its own browsers on this machine kind. */
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--autoplay-policy=no-user-gesture-required',
  ],
};

/** The local OpenID provider that stands in for Google in the end-to-end tests. */
export const OIDC_PORT = Number(process.env.E2E_OIDC_PORT ?? 9191);
