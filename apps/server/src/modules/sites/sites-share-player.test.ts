import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';

// A shared clip's link preview (spec §2 `/share/{id}/{uuid}`): the site's renderer hands the clip's
// embed page as the player a preview may frame; a small renderer stands in for the built site's.
const RENDERER = `
export async function render({ url }) {
  const clip = url.startsWith('/share/');
  return {
    html: '<main><h1>Shared</h1></main>',
    styles: '',
    state: '{}',
    language: 'en',
    title: 'Buzzer beater | Alpha',
    share: {
      title: 'Buzzer "beater"',
      description: 'A clip of Riverside @ Lincoln',
      image: clip ? '/media/clips/alpha/3f2b8c1e-5a4d-4e6f-9a7b-1c2d3e4f5a6b/poster.jpg' : null,
      type: clip ? 'video.other' : 'website',
      player: clip ? { url: '/share_embed/42/3f2b8c1e-5a4d-4e6f-9a7b-1c2d3e4f5a6b', width: 1280, height: 720 } : null,
    },
  };
}
`;

const PAGE = '<!doctype html><html><head>\n<meta name="description" content="Alpha" />\n<title>Alpha site</title>\n</head><body><div id="root"></div></body></html>';
const UUID = '3f2b8c1e-5a4d-4e6f-9a7b-1c2d3e4f5a6b';

let t: TestApp;
let sitesDir: string;
beforeAll(async () => {
  sitesDir = await mkdtemp(join(tmpdir(), 'grandstand-share-'));
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

describe('a shared clip\'s link preview', () => {
  it('is a player card framing the clip\'s embed page, with its poster, on the channel\'s public origin', async () => {
    const response = await t.app.inject({ url: `/share/42/${UUID}`, headers: { host: 'alpha.localhost:8080', 'x-forwarded-host': 'evil.example' } });
    const origin = t.app.channels.publicOrigin(t.app.channels.bySlug('alpha')!.id);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<meta property="og:type" content="video.other" />');
    expect(response.body).toContain('<meta property="og:title" content="Buzzer &#34;beater&#34;" />');
    expect(response.body).toContain(`<meta property="og:image" content="${origin}/media/clips/alpha/${UUID}/poster.jpg" />`);
    expect(response.body).toContain('<meta name="twitter:card" content="player" />');
    expect(response.body).toContain(`<meta name="twitter:player" content="${origin}/share_embed/42/${UUID}" />`);
    expect(response.body).toContain('<meta name="twitter:player:width" content="1280" />');
    expect(response.body).toContain('<meta name="twitter:player:height" content="720" />');
    // No og:video: no service that reads it plays HLS or a framed page, and the MP4 is not public.
    expect(response.body).not.toContain('og:video');
    expect(response.body).not.toContain('evil.example');
    // The share page itself is not framed by other sites; only its embed is.
    expect(response.headers['x-frame-options']).toBe('DENY');
  });

  it('lets any site frame the clip\'s embed page, as a player card does', async () => {
    const response = await t.app.inject({ url: `/share_embed/42/${UUID}`, headers: { host: 'alpha.localhost:8080' } });
    expect(response.statusCode).toBe(200);
    expect(String(response.headers['content-security-policy'])).toMatch(/frame-ancestors \*/);
    expect(response.headers['x-frame-options']).toBeUndefined();
  });

  it('keeps the plain cards for a page without a player', async () => {
    const response = await t.app.inject({ url: '/live', headers: { host: 'alpha.localhost:8080' } });
    expect(response.body).toContain('<meta name="twitter:card" content="summary" />');
    expect(response.body).not.toContain('twitter:player');
  });
});
