import { mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import type { LoadedChannel } from '../../core/channels/loadChannels.ts';
import { SITE_CHANNEL_SCRIPT_ID } from './pageChannel.ts';
import { withChannel } from './static.ts';

// architecture: one server, many sites, each served by host; spec §2: history-mode routing.
// The site is built once for every channel (spec §1: a channel's look and language come from server
// settings): its index.html names no channel, and the server writes the host's channel into it.
const BUILT_PAGE = `<!doctype html>
<html lang="%CHANNEL_LANG%">
  <head>
    <meta name="description" content="%CHANNEL_DESCRIPTION%" />
    <meta name="theme-color" content="%HEADER_BACKGROUND%" />
    <link rel="icon" href="/channel-logo.svg" type="image/svg+xml" />
    <title>%CHANNEL_NAME%</title>
    <style>
      html { background: %BODY_BACKGROUND%; color: %BODY_TEXT%; }
    </style>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

let t: TestApp;
let sitesDir: string;
beforeAll(async () => {
  sitesDir = await mkdtemp(join(tmpdir(), 'grandstand-sites-'));
  await mkdir(join(sitesDir, 'site', 'assets'), { recursive: true });
  await writeFile(join(sitesDir, 'site', 'index.html'), BUILT_PAGE);
  await writeFile(join(sitesDir, 'site', 'assets', 'index-abc123.js'), 'console.log("alpha")');
  await writeFile(join(sitesDir, 'site', 'assets', 'index-abc123.js.br'), brotliCompressSync('console.log("alpha")'));
  await writeFile(join(sitesDir, 'site', 'assets', 'index-abc123.js.map'), '{"version":3,"sources":["main.ts"],"mappings":""}');
  await writeFile(join(sitesDir, 'site', 'assets', 'vendor-def456.js'), 'console.log("no map")');
  await writeFile(join(sitesDir, 'site', 'robots.txt'), 'User-agent: *');
  await writeFile(join(sitesDir, 'secret.txt'), 'outside every site');
  t = await buildTestApp({ sitesDir });
});

/** The channel script of a page, parsed. */
function pageChannelOf(html: string): unknown {
  const json = new RegExp(`<script type="application/json" id="${SITE_CHANNEL_SCRIPT_ID}">([^<]*)</script>`).exec(html)?.[1];
  return json === undefined ? undefined : JSON.parse(json);
}
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
      expect(response.body, url).toContain('<title>Alpha Sports</title>');
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

  it('answers a clear 503 naming the build command when the site is not built', async () => {
    await rename(join(sitesDir, 'site'), join(sitesDir, 'site-away'));
    try {
      const response = await t.app.inject({ url: '/live', headers: { host: 'bravo.localhost:8080' } });
      expect(response.statusCode).toBe(503);
      expect(response.headers['content-type']).toContain('text/plain');
      expect(response.body).toContain('pnpm --filter @grandstand/web build');
    } finally {
      await rename(join(sitesDir, 'site-away'), join(sitesDir, 'site'));
    }
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

describe('one site build for every channel', () => {
  it('serves the same build on each channel\'s host with that channel written in: language, name, description, colours, favicon and channel script', async () => {
    for (const slug of ['alpha', 'bravo']) {
      const { config, updatedAt } = t.app.channels.bySlug(slug)!;
      const other = t.channels.find((channel) => channel.config.slug !== slug)!.config;
      const logo = `/channel-logo.svg?v=${updatedAt.getTime()}`;
      const response = await t.app.inject({ url: '/schedule', headers: { host: `${slug}.localhost:8080` } });
      expect(response.statusCode, slug).toBe(200);
      const html = response.body;
      expect(html, slug).toContain(`<html lang="${config.language}">`);
      expect(html, slug).toContain(`<title>${config.name}</title>`);
      expect(html, slug).toContain(`<meta name="description" content="${config.description}" />`);
      expect(html, slug).toContain(`<meta name="theme-color" content="${config.fallbackColors['header-background']}" />`);
      expect(html, slug).toContain(`html { background: ${config.fallbackColors['body-background']}; color: ${config.fallbackColors['body-text-color']}; }`);
      expect(html, slug).toContain(`<link rel="icon" href="${logo}" type="image/svg+xml" />`);
      expect(pageChannelOf(html), slug).toEqual({
        slug,
        name: config.name,
        language: config.language,
        currency: config.currency,
        fallbackColors: config.fallbackColors,
        description: config.description,
        logo,
      });
      // Nothing of another channel, no placeholder left, and never a channel key in the page.
      expect(html, slug).not.toContain(other.name);
      expect(html, slug).not.toMatch(/%[A-Z_]+%/);
      expect(html, slug).not.toContain(config.channelKey);
    }
  });

  it('writes a channel\'s name into the page as text whatever it holds: no markup, no script end, no replacement pattern', () => {
    const alpha = t.channel('alpha');
    const name = 'Ligue "A" </script><b>$\' & $&';
    const channel: LoadedChannel = { ...alpha, config: { ...alpha.config, name, description: undefined } };
    const html = withChannel(BUILT_PAGE, channel);
    expect(html).toContain('<title>Ligue &#34;A&#34; &#60;/script&#62;&#60;b&#62;$&#39; &#38; $&#38;</title>');
    expect(html).toContain('<meta name="description" content="Ligue &#34;A&#34; &#60;/script&#62;&#60;b&#62;$&#39; &#38; $&#38;" />');
    expect(html).not.toContain('</script><b>');
    expect((pageChannelOf(html) as { name: string }).name).toBe(name);
    // The page's end is where it was: `$'` was not read as "the rest of the page".
    expect(html.match(/<\/html>/g)).toHaveLength(1);
  });

  it('answers every page of a suspended channel with a page that says so in its language, and no site; restored, the site is back', async () => {
    const bravo = t.channel('bravo');
    const suspend = async (status: 'active' | 'suspended') => {
      await t.database.db.updateTable('channels').set({ status }).where('id', '=', bravo.id).execute();
      await t.app.channels.refresh(t.database.db, bravo.id);
    };
    await suspend('suspended');
    try {
      for (const url of ['/', '/watch/1', '/index.html']) {
        const response = await t.app.inject({ url, headers: { host: 'bravo.localhost:8080' } });
        expect(response.statusCode, url).toBe(503);
        expect(response.headers['cache-control'], url).toBe('no-store');
        expect(response.body, url).toContain('<html lang="fr">');
        expect(response.body, url).toContain('<h1>Cette chaîne est suspendue.</h1>');
        expect(response.body, url).not.toContain(SITE_CHANNEL_SCRIPT_ID);
        expect(response.body, url).not.toContain('<script');
      }
      // Another channel's site is untouched.
      expect((await t.app.inject({ url: '/', headers: { host: 'alpha.localhost:8080' } })).statusCode).toBe(200);
    } finally {
      await suspend('active');
    }
    const restored = await t.app.inject({ url: '/', headers: { host: 'bravo.localhost:8080' } });
    expect(restored.statusCode).toBe(200);
    expect(pageChannelOf(restored.body)).toMatchObject({ slug: 'bravo' });
  });

  it('leaves the logo out for a channel without one, names a PNG logo as one, and versions it by the channel\'s last change', () => {
    const alpha = t.channel('alpha');
    const without = withChannel(BUILT_PAGE, { ...alpha, config: { ...alpha.config, logo: undefined } });
    expect(without).not.toContain('rel="icon"');
    expect(pageChannelOf(without)).toMatchObject({ logo: null });
    const edited = new Date('2026-12-06T12:00:00Z');
    const png = withChannel(BUILT_PAGE, { ...alpha, updatedAt: edited, config: { ...alpha.config, logo: 'logo.png' } });
    expect(png).toContain(`<link rel="icon" href="/channel-logo.svg?v=${edited.getTime()}" type="image/png" />`);
    expect(pageChannelOf(png)).toMatchObject({ logo: `/channel-logo.svg?v=${edited.getTime()}` });
  });
});
