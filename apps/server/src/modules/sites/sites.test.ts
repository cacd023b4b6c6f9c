import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';

// architecture: one server, many sites, each served by host; spec §2: history-mode routing.
let t: TestApp;
let sitesDir: string;
beforeAll(async () => {
  sitesDir = await mkdtemp(join(tmpdir(), 'grandstand-sites-'));
  // Only alpha is "built": bravo exercises the not-built answer.
  await mkdir(join(sitesDir, 'alpha', 'assets'), { recursive: true });
  await writeFile(join(sitesDir, 'alpha', 'index.html'), '<!doctype html><title>Alpha site</title>');
  await writeFile(join(sitesDir, 'alpha', 'assets', 'index-abc123.js'), 'console.log("alpha")');
  await writeFile(join(sitesDir, 'alpha', 'assets', 'index-abc123.js.br'), brotliCompressSync('console.log("alpha")'));
  await writeFile(join(sitesDir, 'alpha', 'assets', 'index-abc123.js.map'), '{"version":3,"sources":["main.ts"],"mappings":""}');
  await writeFile(join(sitesDir, 'alpha', 'assets', 'vendor-def456.js'), 'console.log("no map")');
  await writeFile(join(sitesDir, 'alpha', 'robots.txt'), 'User-agent: *');
  await writeFile(join(sitesDir, 'secret.txt'), 'outside every site');
  t = await buildTestApp({ sitesDir });
});
afterAll(async () => {
  await t.close();
  await rm(sitesDir, { recursive: true, force: true });
});

describe('static sites', () => {
  it('serves hashed assets as immutable', async () => {
    const response = await t.app.inject({ url: '/assets/index-abc123.js', headers: { host: 'localhost:8080' } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('console.log("alpha")');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('names a script\'s source map in a header, not in the script, and only where the build wrote one', async () => {
    const mapped = await t.app.inject({ url: '/assets/index-abc123.js', headers: { host: 'localhost:8080', 'accept-encoding': 'br' } });
    expect(mapped.headers.sourcemap).toBe('/assets/index-abc123.js.map');
    const map = await t.app.inject({ url: mapped.headers.sourcemap as string, headers: { host: 'localhost:8080' } });
    expect(map.statusCode).toBe(200);
    expect(map.json()).toMatchObject({ version: 3 });
    const unmapped = await t.app.inject({ url: '/assets/vendor-def456.js', headers: { host: 'localhost:8080' } });
    expect(unmapped.statusCode).toBe(200);
    expect(unmapped.headers.sourcemap).toBeUndefined();
  });

  it('sends the build\'s brotli copy to a browser that accepts it, and the plain file otherwise', async () => {
    const url = '/assets/index-abc123.js';
    const compressed = await t.app.inject({ url, headers: { host: 'localhost:8080', 'accept-encoding': 'br, gzip' } });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe('console.log("alpha")');
    expect(compressed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const plain = await t.app.inject({ url, headers: { host: 'localhost:8080', 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log("alpha")');
  });

  it('serves index.html with no-cache at / and for any app route (history mode)', async () => {
    for (const url of ['/', '/live', '/watch/12', '/profile/edit?x=1', '/about-us']) {
      const response = await t.app.inject({ url, headers: { host: 'alpha.localhost:8080' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('Alpha site');
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.headers['content-type'], url).toContain('text/html');
    }
  });

  it('serves other files as they are', async () => {
    const response = await t.app.inject({ url: '/robots.txt', headers: { host: 'localhost' } });
    expect(response.body).toBe('User-agent: *');
  });

  it('answers 404 for a missing asset rather than HTML', async () => {
    const response = await t.app.inject({ url: '/assets/missing-000.js', headers: { host: 'localhost' } });
    expect(response.statusCode).toBe(404);
  });

  it('never serves files outside the channel site', async () => {
    for (const url of ['/../secret.txt', '/%2e%2e/secret.txt', '/..%2fsecret.txt', '/assets/..%2f..%2fsecret.txt']) {
      const response = await t.app.inject({ url, headers: { host: 'localhost' } });
      expect(response.body, url).not.toContain('outside every site');
    }
  });

  it('does not fall back to index.html under /api or /media', async () => {
    const api = await t.app.inject({ url: '/api/unknown', headers: { host: 'localhost' } });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ field: 'url' });
    expect((await t.app.inject({ url: '/media/x.m3u8', headers: { host: 'localhost' } })).statusCode).toBe(404);
  });

  it('answers a clear 503 naming the build command when a site is not built', async () => {
    const response = await t.app.inject({ url: '/live', headers: { host: 'bravo.localhost:8080' } });
    expect(response.statusCode).toBe(503);
    expect(response.headers['content-type']).toContain('text/plain');
    expect(response.body).toContain('pnpm --filter @grandstand/web build');
  });

  it('answers 404 for an unknown channel subdomain', async () => {
    const response = await t.app.inject({ url: '/', headers: { host: 'nosuch.localhost:8080' } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ field: 'host' });
  });

  it("serves each channel's logo at /channel-logo.svg", async () => {
    const alpha = await t.app.inject({ url: '/channel-logo.svg', headers: { host: 'localhost' } });
    const bravo = await t.app.inject({ url: '/channel-logo.svg', headers: { host: 'bravo.localhost' } });
    expect(alpha.headers['content-type']).toContain('image/svg+xml');
    expect(alpha.body).toContain('aria-label="Alpha Sports"');
    expect(bravo.body).toContain('aria-label="Bravo Sports"');
  });
});
