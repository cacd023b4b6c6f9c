import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';

// architecture: the first screen comes in the HTML. The site's renderer is the built site's own
// module, one for every channel; here a small one stands in for it, calling the API through the
// fetch the server hands it and writing the channel it is handed, with a count of its renders.
const RENDERER = `
let renders = 0;
export async function render({ url, fetch, channel }) {
  renders += 1;
  if (url.startsWith('/throws')) throw new Error('render failed');
  if (url.startsWith('/browser-only')) return null;
  if (url.startsWith('/slow')) await new Promise((resolve) => setTimeout(resolve, 300));
  const key = await (await fetch('/channel-key.json')).json();
  const issued = await (await fetch('/api/get_api_key', { method: 'POST', body: JSON.stringify({ channel_key: key.channel_key }) })).json();
  const settings = await (await fetch('/api/settings?api_key=' + issued.data.api_key)).json();
  const upcoming = url.startsWith('/upcoming') ? (await (await fetch('/api/events?stream_status=upcoming&limit=100&api_key=' + issued.data.api_key)).json()).meta.total : '';
  return {
    html: '<main><h1>' + settings.data.name + '</h1><p>' + key.channel_key.length + '</p><p>upcoming:' + upcoming + '</p><p>channel:' + JSON.stringify(channel) + '</p><p>render:' + renders + '</p></main>',
    styles: '<style data-styled="true">.a{color:red}</style>',
    state: JSON.stringify({ url }).replaceAll('<', '\\\\u003c'),
    language: 'en',
    title: 'Title "quoted" <b>',
    share: { title: 'Riverside @ Lincoln', description: 'Boys varsity <basketball>', image: '/media/pictures/poster.jpg', type: 'video.other' },
  };
}
`;

const PAGE = '<!doctype html><html lang="%CHANNEL_LANG%"><head>\n<meta name="description" content="%CHANNEL_DESCRIPTION%" />\n<title>%CHANNEL_NAME%</title>\n<style>html{}</style>\n</head><body><div id="root"></div></body></html>';

let t: TestApp;
let sitesDir: string;
beforeAll(async () => {
  sitesDir = await mkdtemp(join(tmpdir(), 'grandstand-render-'));
  await mkdir(join(sitesDir, 'site'), { recursive: true });
  await mkdir(join(sitesDir, '.ssr'), { recursive: true });
  await writeFile(join(sitesDir, 'site', 'index.html'), PAGE);
  await writeFile(join(sitesDir, '.ssr', 'entry-server.js'), RENDERER);
  t = await buildTestApp({ sitesDir });
});
afterAll(async () => {
  await t.close();
  await rm(sitesDir, { recursive: true, force: true });
});

const get = (url: string, host = 'alpha.localhost:8080') => t.app.inject({ url, headers: { host } });

describe('server-rendered pages', () => {
  it('puts the first screen, its styles (with the answer\'s nonce) and its data in the page', async () => {
    const response = await get('/');
    expect(response.statusCode).toBe(200);
    const nonce = /<meta property="csp-nonce" nonce="([^"]+)"/.exec(response.body)?.[1];
    expect(nonce).toBeTruthy();
    expect(response.body).toContain('<div id="root"><main><h1>');
    expect(response.body).toContain(`<style nonce="${nonce}" data-styled="true">.a{color:red}</style>`);
    expect(response.body).toContain('<script type="application/json" id="grandstand-state">{"url":"/"}</script>');
    expect(response.headers['content-security-policy']).toContain(`'nonce-${nonce}'`);
  });

  it('answers the renderer\'s API calls for the channel of the Host', async () => {
    const response = await get('/live');
    const name = t.app.channels.bySlug('alpha')!.config.name;
    expect(response.body).toContain(`<h1>${name}</h1>`);
  });

  it('carries escaped title, description and share tags, on the channel\'s public origin whatever the Host says', async () => {
    const response = await t.app.inject({ url: '/watch/12', headers: { host: 'alpha.localhost:8080', 'x-forwarded-host': 'evil.example' } });
    const origin = t.app.channels.publicOrigin(t.app.channels.bySlug('alpha')!.id);
    expect(response.body).toContain('<title>Title &#34;quoted&#34; &#60;b&#62;</title>');
    expect(response.body).toContain('<meta name="description" content="Boys varsity &#60;basketball&#62;" />');
    expect(response.body).toContain('<meta property="og:title" content="Riverside @ Lincoln" />');
    expect(response.body).toContain('<meta property="og:type" content="video.other" />');
    expect(response.body).toContain(`<meta property="og:url" content="${origin}/watch/12" />`);
    expect(response.body).toContain(`<meta property="og:image" content="${origin}/media/pictures/poster.jpg" />`);
    expect(response.body).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(response.body).not.toContain('evil.example');
  });

  it('sends the page as built when the renderer fails or leaves the page to the browser', async () => {
    for (const url of ['/throws', '/browser-only']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('<div id="root"></div>');
      expect(response.body, url).not.toContain('grandstand-state');
    }
  });

  it('renders a few pages at once and sends the rest as built, so a flood of distinct URLs costs no render each', async () => {
    const responses = await Promise.all(Array.from({ length: 10 }, (_, n) => get(`/slow?n=${n}`)));
    expect(responses.every((response) => response.statusCode === 200)).toBe(true);
    const rendered = responses.filter((response) => response.body.includes('grandstand-state'));
    expect(rendered).toHaveLength(4);
  });

  it('compresses the page for a browser that accepts it, and never for one that refuses it', async () => {
    const brotli = await t.app.inject({ url: '/', headers: { host: 'alpha.localhost:8080', 'accept-encoding': 'gzip, deflate, br' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toContain('grandstand-state');
    const gzip = await t.app.inject({ url: '/', headers: { host: 'alpha.localhost:8080', 'accept-encoding': 'br;q=0, gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toContain('grandstand-state');
    const plain = await t.app.inject({ url: '/', headers: { host: 'alpha.localhost:8080', 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('grandstand-state');
  });

  it('renders a changed schedule at once: a channel\'s data change drops the pages rendered before it', async () => {
    const count = async () => Number(/upcoming:(\d+)/.exec((await get('/upcoming')).body)?.[1]);
    const before = await count();
    const channelId = t.channel('alpha').id;
    const now = Math.floor(Date.now() / 1000);
    await t.app.db
      .insertInto('events')
      .values({ channel_id: channelId, name: 'Added after the render', type: 'other', access_type: 'free', event_utc_ts: now + 7200, end_utc_ts: now + 14_400, time_zone: 'UTC', stream_status: 'upcoming', event_category_id: null, location_id: null, base_price: 0, service_fee: 0, image: null, homepage: false, origin: 'console' })
      .execute();
    // What the control room does after every change (modules/schedule): the page reused for 5 s is dropped.
    t.app.dataChanged.emit(channelId);
    expect(await count()).toBe(before + 1);
  });

  it('never serves the renderer itself', async () => {
    for (const url of ['/.ssr/entry-server.js', '/../.ssr/entry-server.js', '/%2e%2e/.ssr/entry-server.js', '/..%2f.ssr/entry-server.js']) {
      const response = await get(url);
      expect(response.body, url).not.toContain('export async function render');
    }
  });
});

describe('one server renderer for every channel', () => {
  const renderOf = (body: string) => Number(/render:(\d+)/.exec(body)?.[1]);

  it('renders each host\'s page with that host\'s channel, its public part only', async () => {
    for (const slug of ['alpha', 'bravo']) {
      const { config, updatedAt } = t.app.channels.bySlug(slug)!;
      const body = (await get('/vod', `${slug}.localhost:8080`)).body;
      expect(body, slug).toContain(`<h1>${config.name}</h1>`);
      const handed: unknown = JSON.parse(/channel:(\{.*?\})<\/p>/.exec(body)?.[1] ?? 'null');
      expect(handed, slug).toEqual({ slug, name: config.name, language: config.language, currency: config.currency, fallbackColors: config.fallbackColors, description: config.description, logo: `/channel-logo.svg?v=${updatedAt.getTime()}` });
      expect(body, slug).toContain(`<html lang="${config.language}">`);
    }
  });

  it('never serves one channel\'s render of a URL to another channel', async () => {
    const alpha = await get('/schedule?same', 'alpha.localhost:8080');
    const bravo = await get('/schedule?same', 'bravo.localhost:8080');
    expect(alpha.body).toContain(`<h1>${t.channel('alpha').config.name}</h1>`);
    expect(bravo.body).toContain(`<h1>${t.channel('bravo').config.name}</h1>`);
    expect(renderOf(bravo.body)).not.toBe(renderOf(alpha.body));
  });

  it('renders a channel anew once it has changed: the channel\'s version is in the cache\'s key', async () => {
    const first = renderOf((await get('/live?edited')).body);
    expect(renderOf((await get('/live?edited')).body)).toBe(first);
    // What the registry holds once a channel's row is edited (its look, in the control room).
    const channel = t.app.channels.bySlug('alpha')!;
    Object.assign(channel, { updatedAt: new Date(Date.now() + 60_000) });
    expect(renderOf((await get('/live?edited')).body)).toBeGreaterThan(first);
  });
});
