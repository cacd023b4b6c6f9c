import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';

// architecture: the first screen comes in the HTML. The site's renderer is the built site's own
// module; here a small one stands in for it, calling the API through the fetch the server hands it.
const RENDERER = `
export async function render({ url, fetch }) {
  if (url.startsWith('/throws')) throw new Error('render failed');
  if (url.startsWith('/browser-only')) return null;
  if (url.startsWith('/slow')) await new Promise((resolve) => setTimeout(resolve, 300));
  const key = await (await fetch('/channel-key.json')).json();
  const issued = await (await fetch('/api/get_api_key', { method: 'POST', body: JSON.stringify({ channel_key: key.channel_key }) })).json();
  const settings = await (await fetch('/api/settings?api_key=' + issued.data.api_key)).json();
  const upcoming = url.startsWith('/upcoming') ? (await (await fetch('/api/events?stream_status=upcoming&limit=100&api_key=' + issued.data.api_key)).json()).meta.total : '';
  return {
    html: '<main><h1>' + settings.data.name + '</h1><p>' + key.channel_key.length + '</p><p>upcoming:' + upcoming + '</p></main>',
    styles: '<style data-styled="true">.a{color:red}</style>',
    state: JSON.stringify({ url }).replaceAll('<', '\\\\u003c'),
    language: 'en',
    title: 'Title "quoted" <b>',
    share: { title: 'Riverside @ Lincoln', description: 'Boys varsity <basketball>', image: '/media/pictures/poster.jpg', type: 'video.other' },
  };
}
`;

const PAGE = '<!doctype html><html><head>\n<meta name="description" content="Alpha" />\n<title>Alpha site</title>\n<style>html{}</style>\n</head><body><div id="root"></div></body></html>';

let t: TestApp;
let sitesDir: string;
beforeAll(async () => {
  sitesDir = await mkdtemp(join(tmpdir(), 'grandstand-render-'));
  await mkdir(join(sitesDir, 'alpha'), { recursive: true });
  await mkdir(join(sitesDir, '.ssr', 'alpha'), { recursive: true });
  await writeFile(join(sitesDir, 'alpha', 'index.html'), PAGE);
  await writeFile(join(sitesDir, '.ssr', 'alpha', 'entry-server.js'), RENDERER);
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
    for (const url of ['/.ssr/alpha/entry-server.js', '/../.ssr/alpha/entry-server.js', '/%2e%2e/.ssr/alpha/entry-server.js']) {
      const response = await get(url);
      expect(response.body, url).not.toContain('export async function render');
    }
  });
});
