import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Event, EventsResponse, ParticipantGroupsResponse, type Picture, ParticipantsResponse, SlidesResponse } from '@grandstand/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadChannelFolders } from '../../core/channels/loadChannels.ts';
import { liveDirOf } from '../../core/media/packager/index.ts';
import { prepareMedia } from '../../core/media/prepare.ts';
import { TEST_MEDIA_CACHE } from '../../../test/support/mediaCache.ts';
import { buildTestApp, FIXTURE_CHANNELS_DIR, type TestApp } from '../../../test/helper.ts';

const TINY = { width: 160, height: 90, fps: 10, videoKbps: 100 };
const IMMUTABLE = 'public, max-age=31536000, immutable';
const SVG_POLICY = "default-src 'none'; style-src 'unsafe-inline'";

let dir: string;
let t: TestApp;
let alphaKey: string;

/** What ffprobe sees in a picture: its codec and size (every picture is checked by a real decoder). */
async function probe(body: Buffer): Promise<{ codec: string; width: number; height: number }> {
  const file = join(dir, `probe-${Math.random().toString(36).slice(2)}`);
  await writeFile(file, body);
  try {
    const out = execFileSync('ffprobe', ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=codec_name,width,height', '-of', 'json', file], { encoding: 'utf8' });
    const stream = (JSON.parse(out) as { streams: { codec_name: string; width: number; height: number }[] }).streams[0]!;
    return { codec: stream.codec_name, width: stream.width, height: stream.height };
  } finally {
    await rm(file, { force: true });
  }
}

/** An SVG's declared size, after checking librsvg can draw it. */
async function svgSize(body: string): Promise<{ width: number; height: number }> {
  const file = join(dir, `draw-${Math.random().toString(36).slice(2)}.svg`);
  await writeFile(file, body);
  try {
    execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-i', file, '-f', 'null', '-']);
  } finally {
    await rm(file, { force: true });
  }
  const root = /<svg[^>]*>/.exec(body)?.[0] ?? '';
  return { width: Number(/ width="(\d+)"/.exec(root)?.[1]), height: Number(/ height="(\d+)"/.exec(root)?.[1]) };
}

function get(url: string, host = 'localhost') {
  return t.app.inject({ url, headers: { host } });
}

/** The SVG an event's drawn card is made from (its pictures' address without the size). */
function cardSvgOf(picture: Picture): string {
  return picture.src.replace(/-\d+\.jpg$/, '.svg');
}

/** Every URL of a picture with the width it claims (`url 640w`), the fallback's included. */
function candidates(picture: Picture): { url: string; width: number | null; type: string }[] {
  const parse = (srcset: string, type: string) =>
    srcset.split(', ').map((entry) => {
      const [url, width] = entry.split(' ') as [string, string];
      return { url, width: Number.parseInt(width, 10), type };
    });
  const fallbackType = picture.src.endsWith('.svg') ? 'image/svg+xml' : 'image/jpeg';
  return [
    { url: picture.src, width: picture.width, type: fallbackType },
    ...(picture.srcset ? parse(picture.srcset, fallbackType) : []),
    ...picture.sources.flatMap((source) => parse(source.srcset, source.type)),
  ];
}

async function expectPicture(picture: Picture, cacheControl: string) {
  for (const { url, width, type } of candidates(picture)) {
    expect(url.startsWith('/media/pictures/'), url).toBe(true);
    const response = await get(url);
    expect(response.statusCode, `${url}: ${response.body.slice(0, 200)}`).toBe(200);
    expect(response.headers['content-type'], url).toContain(type);
    expect(response.headers['cache-control'], url).toBe(cacheControl);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    if (type === 'image/svg+xml') {
      expect(response.headers['content-security-policy']).toBe(SVG_POLICY);
      expect(await svgSize(response.body)).toEqual({ width: picture.width, height: picture.height });
      continue;
    }
    const seen = await probe(response.rawPayload);
    expect(seen.codec, url).toBe(({ 'image/webp': 'webp', 'image/avif': 'av1' } as Record<string, string>)[type] ?? 'mjpeg');
    expect(seen.width, url).toBe(width);
    // The declared aspect ratio holds for every candidate (within a pixel of rounding).
    expect(Math.abs(seen.height - (seen.width * picture.height) / picture.width), url).toBeLessThanOrEqual(1);
  }
}

async function events(status: string): Promise<Event[]> {
  const response = await t.app.inject({ url: `/api/events?api_key=${alphaKey}&stream_status=${status}` });
  return EventsResponse.parse(response.json()).data;
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'grandstand-pictures-'));
  const alpha = (await loadChannelFolders(FIXTURE_CHANNELS_DIR)).filter((c) => c.config.slug === 'alpha');
  // 20 s, as the other media files prepare it: copied from the media cache (src/core/media/cache.ts) after the first.
  await prepareMedia({ dir, channels: alpha, quality: TINY, seconds: 20, cacheDir: TEST_MEDIA_CACHE });
  // An ingest on its own machine (not reached here): live events show their packager's thumbnail.
  t = await buildTestApp({ media: { dir }, live: { ingest: 'external', controlUrl: 'http://127.0.0.1:9' } });
  alphaKey = await t.keyFor('alpha');
}, 180_000);

afterAll(async () => {
  await t?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('event pictures', () => {
  it('a finished event shows a frame of its recording: JPEG, WebP and AVIF at 320, 640 and 854, 16:9, immutable', async () => {
    const [event] = await events('finished');
    expect(event?.picture.kind).toBe('poster');
    // The smallest first: the browser takes the first format it knows.
    expect(event?.picture.sources.map((source) => source.type)).toEqual(['image/avif', 'image/webp']);
    await expectPicture(event!.picture, IMMUTABLE);
  });

  it('media prepared before posters had AVIF is offered without it, never with a source whose files are missing', async () => {
    const file = join(dir, 'manifest.json');
    const prepared = await readFile(file, 'utf8');
    const older = JSON.parse(prepared) as { items: Record<string, { files: string[] }> };
    for (const item of Object.values(older.items)) item.files = item.files.filter((name) => !name.endsWith('.avif'));
    // The server reads the manifest again once it has changed, looking at most every 2 s; the
    // listings it cached (for 10 s) are dropped here rather than waited out.
    const reread = async () => {
      await new Promise((resolve) => setTimeout(resolve, 2100));
      t.app.dataChanged.emit(null);
    };
    try {
      await writeFile(file, JSON.stringify(older));
      await reread();
      const [event] = await events('finished');
      expect(event?.picture.sources.map((source) => source.type)).toEqual(['image/webp']);
      await expectPicture(event!.picture, IMMUTABLE);
    } finally {
      await writeFile(file, prepared);
      await reread();
    }
    const [event] = await events('finished');
    expect(event?.picture.sources.map((source) => source.type)).toEqual(['image/avif', 'image/webp']);
  }, 30_000);

  it('a live event shows its packager\'s thumbnail, cached 10 s under a stable address, once its camera is packaged', async () => {
    const [event] = await events('live');
    expect(event?.picture).toMatchObject({ kind: 'live', width: 426, height: 240 });
    // No camera packaged yet: the address leads to the event's card meanwhile.
    const before = await get(event!.picture.src);
    expect(before.statusCode).toBe(302);
    expect(before.headers['cache-control']).toBe('no-store');
    expect(before.headers.location).toMatch(new RegExp(`^/media/pictures/events/${event!.id}/card-\\w{10}-\\d+\\.jpg$`));

    // The packager renews thumb.jpg and thumb.webp in the event's live folder (core/media/packager).
    const folder = liveDirOf(dir, 'alpha', event!.id);
    await mkdir(folder, { recursive: true });
    for (const ext of ['jpg', 'webp']) {
      execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=s=426x240', '-frames:v', '1', join(folder, `thumb.${ext}`)]);
    }
    await expectPicture(event!.picture, 'public, max-age=10');
    await rm(folder, { recursive: true, force: true });
  }, 30_000);

  it('an upcoming event shows a card drawn from its teams: JPEG and WebP at 320, 640 and 960 made from its SVG', async () => {
    const [event] = await events('upcoming');
    expect(event?.picture).toMatchObject({ kind: 'upcoming', width: 640, height: 360 });
    expect(event?.picture.src).toMatch(/\/card-\w{10}-640\.jpg$/);
    expect(event?.picture.sources[0]?.type).toBe('image/webp');
    await expectPicture(event!.picture, IMMUTABLE);
    // The drawing the pictures are made from, with a restrictive policy.
    const svg = await get(cardSvgOf(event!.picture));
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-security-policy']).toBe(SVG_POLICY);
    expect(await svgSize(svg.body)).toEqual({ width: 640, height: 360 });
    // The folder's crest of one team is inlined (an <img> SVG loads nothing else), the other drawn.
    expect(svg.body).toContain('data:image/png;base64,');
    expect(svg.body).not.toMatch(/href="(?!data:)/);
  });

  it('a card\'s pictures are made once for requests that come together, and an old address goes to today\'s card', async () => {
    const [event] = await events('upcoming');
    const { src } = event!.picture;
    await rm(join(dir, 'pictures', 'alpha', 'cards'), { recursive: true, force: true });
    const answers = await Promise.all([get(src), get(src), get(src.replace('-640.jpg', '-320.webp'))]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect(answers[1]!.rawPayload.equals(answers[0]!.rawPayload)).toBe(true);
    const kept = await readdir(join(dir, 'pictures', 'alpha', 'cards'));
    expect(kept.filter((name) => name.startsWith('.work-'))).toEqual([]);
    const stale = await get(src.replace(/card-\w{10}-/, 'card-aaaaaaaaaa-'));
    expect(stale.statusCode).toBe(302);
    expect(stale.headers.location).toBe(src);
    expect(stale.headers['cache-control']).toBe('public, max-age=60');
    // A guessed hash makes nothing: only the card's own hash is ever drawn and kept.
    expect((await readdir(join(dir, 'pictures', 'alpha', 'cards'))).filter((name) => name.startsWith('aaaaaaaaaa'))).toEqual([]);
    // An event without a live signal asked for its thumbnail gets its card, in the format asked.
    const live = await get(`/media/pictures/events/${event!.id}/live.webp`);
    expect(live.statusCode).toBe(302);
    expect(live.headers.location).toBe(src.replace('.jpg', '.webp'));
  });

  it('a finished event without prepared media shows its card', async () => {
    const bravoKey = await t.keyFor('bravo');
    const response = await t.app.inject({ url: `/api/events?api_key=${bravoKey}&stream_status=finished` });
    const [event] = EventsResponse.parse(response.json()).data;
    expect(event?.picture.kind).toBe('upcoming');
    const card = await get(event!.picture.src, 'bravo.localhost');
    expect(card.statusCode).toBe(200);
    expect(card.headers['content-type']).toContain('image/jpeg');
  });
});

describe('crests', () => {
  it('a team named in the channel folder\'s crests gets its file; the others a drawn shield', async () => {
    const teams = ParticipantsResponse.parse((await t.app.inject({ url: `/api/participants?api_key=${alphaKey}&no_limit=1` })).json()).data;
    const flat = teams.flatMap((team) => [team, ...team.children]);
    const south = flat.find((team) => team.name === 'Alpha South Girls')!;
    const north = flat.find((team) => team.name === 'Alpha North Boys')!;
    expect(south.crest).toMatch(/^\/media\/pictures\/teams\/\d+\/crest-\w{10}\.png$/);
    const file = await get(south.crest);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['cache-control']).toBe(IMMUTABLE);
    expect(file.rawPayload.equals(await readFile(join(FIXTURE_CHANNELS_DIR, 'alpha', 'crests', 'south.png')))).toBe(true);

    expect(north.crest).toMatch(/^\/media\/pictures\/teams\/\d+\/crest-\w{10}\.svg$/);
    const drawn = await get(north.crest);
    expect(drawn.headers['content-type']).toContain('image/svg+xml');
    expect(drawn.headers['content-security-policy']).toBe(SVG_POLICY);
    expect(drawn.body).toContain('>AN<');
    expect(await svgSize(drawn.body)).toEqual({ width: 200, height: 240 });
  });

  it('every school has a crest', async () => {
    const schools = ParticipantGroupsResponse.parse((await t.app.inject({ url: `/api/participant-groups?api_key=${alphaKey}` })).json()).data;
    expect(schools.length).toBeGreaterThan(0);
    for (const school of schools) {
      const response = await get(school.crest);
      expect(response.statusCode, school.crest).toBe(200);
      expect(response.headers['content-type']).toContain('image/svg+xml');
    }
  });
});

describe('slides', () => {
  it('a slide naming a file of the channel folder has its hero image in sizes; the others none', async () => {
    const slides = SlidesResponse.parse((await t.app.inject({ url: `/api/slides/web?api_key=${alphaKey}` })).json()).data;
    const hero = slides.find((slide) => slide.title === 'Tonight')!;
    // prepare-media made the sizes already: the first visitor waits for no ffmpeg.
    expect((await readdir(join(dir, 'pictures', 'alpha', 'slides'))).filter((name) => !name.startsWith('.')).sort()).toHaveLength(9);
    expect(hero.picture).toMatchObject({ kind: 'image', width: 1024, height: 576 });
    expect(hero.picture?.sources.map((source) => source.type)).toEqual(['image/avif', 'image/webp']);
    expect(hero.image).toMatch(/^\/media\/pictures\/slides\/\d+\/\w{10}-1600\.jpg$/);
    await expectPicture(hero.picture!, IMMUTABLE);
    expect(slides.filter((slide) => slide !== hero).every((slide) => slide.picture === null)).toBe(true);
  }, 60_000);

  it('two tabs asking at once for sizes not made yet both get the same picture, and no half-made file is left', async () => {
    const slides = SlidesResponse.parse((await t.app.inject({ url: `/api/slides/web?api_key=${alphaKey}` })).json()).data;
    const hero = slides.find((slide) => slide.title === 'Tonight')!;
    const variants = join(dir, 'pictures', 'alpha', 'slides');
    for (const name of await readdir(variants)) await rm(join(variants, name), { recursive: true, force: true });
    const [first, second] = await Promise.all([get(hero.picture!.src), get(hero.picture!.src)]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    // Each size in each format once, and no work folder left behind.
    expect((await readdir(variants)).sort()).toHaveLength(9);
  }, 60_000);
});

describe('what a picture address may reach', () => {
  it('another channel\'s event, team, school or slide is not found on this host', async () => {
    const [event] = await events('finished');
    const [upcoming] = await events('upcoming');
    const teams = ParticipantsResponse.parse((await t.app.inject({ url: `/api/participants?api_key=${alphaKey}` })).json()).data;
    const schools = ParticipantGroupsResponse.parse((await t.app.inject({ url: `/api/participant-groups?api_key=${alphaKey}` })).json()).data;
    const slides = SlidesResponse.parse((await t.app.inject({ url: `/api/slides/web?api_key=${alphaKey}` })).json()).data;
    // The AVIF variants too: a format the route answers is no way around the channel's check.
    const avif = (picture: Picture) => picture.sources.find((source) => source.type === 'image/avif')!.srcset.split(' ')[0]!;
    const slide = slides.find((item) => item.picture)!.picture!;
    const urls = [event!.picture.src, avif(event!.picture), upcoming!.picture.src, teams[0]!.crest, schools[0]!.crest, slide.src, avif(slide)];
    for (const url of urls) {
      expect((await get(url)).statusCode, url).toBe(200);
      const elsewhere = await get(url, 'bravo.localhost');
      expect(elsewhere.statusCode, url).toBe(404);
      expect(elsewhere.json()).toMatchObject({ field: expect.any(String) });
    }
  });

  it('never leaves the pictures: odd addresses are a JSON 404', async () => {
    const [event] = await events('finished');
    const id = event!.id;
    for (const url of [
      `/media/pictures/events/${id}/../../manifest.json`,
      `/media/pictures/events/${id}/..%2F..%2Fmanifest.json`,
      `/media/pictures/events/${id}/%2e%2e%2f%2e%2e%2fmanifest.json`,
      '/media/pictures/slides/1/..%2F..%2Fseed.json',
      '/media/pictures/teams/1/crest-..%2F..%2F.svg',
      '/media/pictures/teams/1/crest-aaaaaaaaaa.svg%00.txt',
      '/media/pictures/events/0/card-aaaaaaaaaa.svg',
      '/media/pictures/events/99999999/card-aaaaaaaaaa.svg',
      '/media/pictures/events/99999999/card-aaaaaaaaaa-640.jpg',
      `/media/pictures/events/${id}/card-aaaaaaaaaa-641.jpg`,
      `/media/pictures/events/${id}/card-aaaaaaaaaa-640.png`,
      '/media/pictures/events/abc/live.jpg',
      `/media/pictures/events/${id}/poster-000000000000-640.jpg`,
      `/media/pictures/events/${id}/poster-aaaaaaaaaaaa-999.jpg`,
      '/media/pictures/channel.json',
      '/media/pictures/',
    ]) {
      const response = await get(url);
      // A NUL in an address is refused by Fastify itself (400); anything else finds no picture.
      expect(response.statusCode, url).toBe(url.includes('%00') ? 400 : 404);
      expect(response.headers['content-type'], url).toContain('application/json');
    }
  });

  it('escapes names in drawn pictures', async () => {
    const db = t.database.db;
    const channelId = t.channel('alpha').id;
    const hostile = '<script>alert(1)</script>&"';
    await db.updateTable('participants').set({ name: hostile, short_name: hostile }).where('channel_id', '=', channelId).where('alias', '=', 'north-boys').execute();
    const [upcoming] = await events('upcoming');
    await db.updateTable('events').set({ name: hostile }).where('channel_id', '=', channelId).where('id', '=', upcoming!.id).execute();
    t.app.dataChanged.emit(channelId);
    const [event] = await events('upcoming');
    const card = await get(cardSvgOf(event!.picture));
    expect(card.statusCode).toBe(200);
    expect(card.body).not.toContain('<script');
    expect(card.body).toContain('&lt;script&gt;');
    expect(card.body).toContain('&amp;&quot;');
    await svgSize(card.body);
    const teams = ParticipantsResponse.parse((await t.app.inject({ url: `/api/participants?api_key=${alphaKey}&no_limit=1` })).json()).data;
    const crest = await get(teams.find((team) => team.name.startsWith('<script>'))!.crest);
    expect(crest.body).not.toContain('<script');
    expect(crest.body).toContain('<title>&lt;script&gt;alert(1)&lt;/script&gt;&amp;&quot;</title>');
  });
});
