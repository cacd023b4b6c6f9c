import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { CONSOLE_CHANNEL_SCRIPT_ID } from './console.ts';

// architecture: the control room (apps/console) is one build, served at /console on every channel's host.
const PAGE = `<!doctype html>
<html lang="%CHANNEL_LANG%">
  <head>
    <title>%CHANNEL_NAME% control room</title>
    <style>body { background: %BODY_BACKGROUND%; color: %BODY_TEXT%; }</style>
  </head>
  <body>
    <div id="root"></div>
    <script type="module" crossorigin src="/console/assets/index-abc123.js"></script>
  </body>
</html>`;

let t: TestApp;
let consoleDir: string;
let sitesDir: string;
beforeAll(async () => {
  consoleDir = await mkdtemp(join(tmpdir(), 'grandstand-console-'));
  sitesDir = await mkdtemp(join(tmpdir(), 'grandstand-console-sites-'));
  await mkdir(join(consoleDir, 'assets'), { recursive: true });
  await writeFile(join(consoleDir, 'index.html'), PAGE);
  await writeFile(join(consoleDir, 'assets', 'index-abc123.js'), 'console.log("console")');
  await writeFile(join(sitesDir, 'secret.txt'), 'not the console');
  await mkdir(join(sitesDir, 'site'), { recursive: true });
  await writeFile(join(sitesDir, 'site', 'index.html'), '<!doctype html><title>Alpha site</title><div id="root"></div>');
  t = await buildTestApp({ consoleDir, sitesDir });
});
afterAll(async () => {
  await t.close();
  await rm(consoleDir, { recursive: true, force: true });
  await rm(sitesDir, { recursive: true, force: true });
});

function channelOf(html: string): unknown {
  const match = new RegExp(`<script type="application/json" id="${CONSOLE_CHANNEL_SCRIPT_ID}">([^<]*)</script>`).exec(html);
  return match ? JSON.parse(match[1] ?? '') : null;
}

describe('the control room at /console', () => {
  it('is one build served on each channel host with that channel written into its page', async () => {
    const alpha = await t.app.inject({ url: '/console', headers: { host: 'alpha.localhost:8080' } });
    expect(alpha.statusCode).toBe(200);
    expect(alpha.headers['content-type']).toContain('text/html');
    expect(alpha.body).toContain('<html lang="en">');
    expect(alpha.body).toContain('<title>Alpha Sports control room</title>');
    expect(channelOf(alpha.body)).toMatchObject({ slug: 'alpha', name: 'Alpha Sports', language: 'en', fallbackColors: { 'body-background': expect.any(String) } });
    const bravo = await t.app.inject({ url: '/console/', headers: { host: 'bravo.localhost:8080' } });
    expect(bravo.statusCode).toBe(200);
    expect(channelOf(bravo.body)).toMatchObject({ slug: 'bravo', name: 'Bravo Sports', language: 'fr' });
    expect(bravo.body).toContain('<html lang="fr">');
    expect(bravo.body).not.toContain('%CHANNEL_NAME%');
  });

  it('answers every console path with the page (history mode), revalidated and kept out of search engines', async () => {
    for (const url of ['/console/operators', '/console/invitation/abc.def', '/console/events?status=live', '/console/index.html']) {
      const response = await t.app.inject({ url, headers: { host: 'alpha.localhost:8080' } });
      expect(response.statusCode, url).toBe(200);
      expect(channelOf(response.body), url).toMatchObject({ slug: 'alpha' });
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.headers['x-robots-tag'], url).toBe('noindex, nofollow');
    }
  });

  it('carries the site\'s security headers: never framed, no inline script, a fresh style nonce on each load', async () => {
    const first = await t.app.inject({ url: '/console/operators', headers: { host: 'alpha.localhost:8080' } });
    const second = await t.app.inject({ url: '/console/operators', headers: { host: 'alpha.localhost:8080' } });
    const policy = String(first.headers['content-security-policy']);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toMatch(/script-src 'self'(?![^;]*unsafe-inline)/);
    const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
    expect(nonce).toBeTruthy();
    expect(first.body).toContain(`<meta property="csp-nonce" nonce="${nonce}" />`);
    expect(first.body).toContain(`<style nonce="${nonce}">`);
    expect(second.headers['content-security-policy']).not.toBe(policy);
    expect(first.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves hashed assets as immutable, and a missing one as 404, never the page', async () => {
    const asset = await t.app.inject({ url: '/console/assets/index-abc123.js', headers: { host: 'alpha.localhost:8080' } });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log("console")');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const missing = await t.app.inject({ url: '/console/assets/index-000000.js', headers: { host: 'alpha.localhost:8080' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain('<html');
  });

  it('never serves a file outside its build', async () => {
    for (const url of ['/console/../secret.txt', '/console/%2e%2e/secret.txt', '/console/..%2fsecret.txt', '/console/%00']) {
      const response = await t.app.inject({ url, headers: { host: 'alpha.localhost:8080' } });
      expect(response.body, url).not.toContain('not the console');
    }
  });

  it('leaves the site\'s own pages to the site', async () => {
    const site = await t.app.inject({ url: '/consoles', headers: { host: 'alpha.localhost:8080' } });
    expect(site.body).toContain('Alpha site');
  });
});

describe('an unbuilt control room', () => {
  it('says how to build it', async () => {
    const app = await buildTestApp({ consoleDir: join(consoleDir, 'missing') });
    try {
      const response = await app.app.inject({ url: '/console', headers: { host: 'alpha.localhost:8080' } });
      expect(response.statusCode).toBe(503);
      expect(response.body).toContain('pnpm --filter @grandstand/console-app build');
    } finally {
      await app.close();
    }
  });
});
