import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ChannelSettingsResponse, LibraryItemResponse, LibraryPrerollsResponse, LibraryRailsResponse, LibraryResponse, VodMediaItemResponse, VodRailsResponse } from '@grandstand/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/helper.ts';
import { SESSION_COOKIE } from '../../operators/auth.ts';
import { consoleCall, hostOf, makeOperator, signIn } from '../../operators/testing.ts';

// A short real video (3 s, 320 × 180, with sound) transcoded to a tiny ladder: the 360p rung is
// above the source and left out, so the ladder is sized to the source.
const LADDER = [{ height: 360, videoKbps: 300 }, { height: 144, videoKbps: 120 }, { height: 90, videoKbps: 80 }];
const MAX_BYTES = 3 * 1024 * 1024;
const QUOTA_BYTES = 5 * 1024 * 1024;

let t: TestApp;
let dir: string;
let video: Buffer;
let picture: Buffer;
let alpha: number;
const session: Record<'owner' | 'producer' | 'support' | 'analyst' | 'bravoProducer', string> = { owner: '', producer: '', support: '', analyst: '', bravoProducer: '' };

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'grandstand-library-'));
  const run = promisify(execFile);
  await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=25:duration=3', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=3', '-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', '-shortest', join(dir, 'source.mp4')]);
  await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'color=c=red:size=64x36', '-frames:v', '1', join(dir, 'poster.png')]);
  video = await readFile(join(dir, 'source.mp4'));
  picture = await readFile(join(dir, 'poster.png'));
  t = await buildTestApp({
    media: { dir: join(dir, 'media') },
    library: { ladder: LADDER, limits: { maxBytes: MAX_BYTES, quotaBytes: QUOTA_BYTES, expiryMs: 60_000 }, pollMs: 100, workers: 1 },
  });
  alpha = t.channel('alpha').id;
  for (const role of ['owner', 'producer', 'support', 'analyst'] as const) {
    await makeOperator(t.app, `${role}@library-alpha.test`, [[alpha, role]]);
    session[role] = await signIn(t.app, 'alpha', `${role}@library-alpha.test`);
  }
  await makeOperator(t.app, 'producer@library-bravo.test', [[t.channel('bravo').id, 'producer']]);
  session.bravoProducer = await signIn(t.app, 'bravo', 'producer@library-bravo.test');
});
afterAll(async () => {
  await t?.close();
  await rm(dir, { recursive: true, force: true });
});

const b64 = (text: string) => Buffer.from(text).toString('base64');

/** A tus call on a channel's host with an operator's session. */
function tus(method: 'POST' | 'HEAD' | 'PATCH' | 'DELETE', url: string, options: { headers?: Record<string, string>; body?: Buffer; credential?: string; slug?: string } = {}) {
  const slug = options.slug ?? 'alpha';
  const headers: Record<string, string> = { host: hostOf(slug), origin: `http://${hostOf(slug)}`, 'tus-resumable': '1.0.0', ...options.headers };
  if (options.credential !== '') headers.cookie = `${SESSION_COOKIE}=${options.credential ?? session.producer}`;
  if (options.body) headers['content-type'] = 'application/offset+octet-stream';
  return t.app.inject({ method, url: `/api/console/library/uploads${url}`, headers, ...(options.body ? { payload: options.body } : {}) });
}

async function create(size: number, metadata: Record<string, string> = {}, slug = 'alpha', credential?: string) {
  const meta = { kind: 'video', filename: 'season_review.mp4', filetype: 'video/mp4', ...metadata };
  const response = await tus('POST', '', {
    headers: { 'upload-length': String(size), 'upload-metadata': Object.entries(meta).map(([k, v]) => `${k} ${b64(v)}`).join(',') },
    slug,
    credential,
  });
  return { response, id: String(response.headers.location ?? '').split('/').pop() ?? '' };
}

function call(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, credential: string = session.producer, slug = 'alpha') {
  return consoleCall(t.app, slug, { method, url, payload, credential });
}

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 60_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function library() {
  return LibraryResponse.parse((await call('GET', '/library')).json());
}

describe('the library calls refuse the roles that may not use them', () => {
  const routes: Array<[method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown]> = [
    ['GET', '/library'],
    ['GET', '/library/items/1'],
    ['PATCH', '/library/items/1', { access: 'free' }],
    ['DELETE', '/library/items/1'],
    ['GET', '/library/items/1/frame?n=1'],
    ['POST', '/library/items/1/poster', { frame: 1 }],
    ['GET', '/library/rails'],
    ['POST', '/library/rails', { title: 'New' }],
    ['POST', '/library/rails/order', { railIds: [] }],
    ['PATCH', '/library/rails/1', { title: 'New' }],
    ['DELETE', '/library/rails/1'],
    ['GET', '/library/prerolls'],
    ['PATCH', '/library/prerolls/1', { weight: 2 }],
    ['DELETE', '/library/prerolls/1'],
  ];
  for (const [method, url, payload] of routes) {
    it(`${method} ${url}: 401 without a session, 403 for support and analysts`, async () => {
      expect((await consoleCall(t.app, 'alpha', { method, url, payload })).statusCode).toBe(401);
      for (const role of ['support', 'analyst'] as const) {
        const response = await call(method, url, payload, session[role]);
        expect(response.statusCode, `${role}: ${response.body}`).toBe(403);
        expect(response.json(), response.body).toMatchObject({ code: expect.any(String) });
      }
    });
  }

  it('the tus calls (create, offset, send, end): 401 without a session, 403 for support and analysts', async () => {
    const { id } = await create(1000);
    const calls: Array<['POST' | 'HEAD' | 'PATCH' | 'DELETE', string]> = [['POST', ''], ['HEAD', `/${id}`], ['PATCH', `/${id}`], ['DELETE', `/${id}`]];
    for (const [method, url] of calls) {
      const headers = { 'upload-length': '1000', 'upload-offset': '0', 'upload-metadata': `filename ${b64('a.mp4')},filetype ${b64('video/mp4')}` };
      const body = method === 'PATCH' ? Buffer.alloc(10) : undefined;
      expect((await tus(method, url, { headers, body, credential: '' })).statusCode, `${method} without a session`).toBe(401);
      for (const role of ['support', 'analyst'] as const) expect((await tus(method, url, { headers, body, credential: session[role] })).statusCode, `${method} as ${role}`).toBe(403);
    }
    expect((await tus('DELETE', `/${id}`)).statusCode).toBe(204);
  });
});

describe('a video uploaded in pieces is transcoded, published and played', () => {
  it('resumes after a dropped piece, transcodes to a ladder sized to its source, and plays in a rail once published', async () => {
    const { response, id } = await create(video.length, { filename: 'Season_Review.mp4' });
    expect(response.statusCode, response.body).toBe(201);
    const half = Math.floor(video.length / 2);
    // The first piece arrives; the connection drops; the client asks where to go on from.
    expect((await tus('PATCH', `/${id}`, { headers: { 'upload-offset': '0' }, body: video.subarray(0, half) })).statusCode).toBe(204);
    const head = await tus('HEAD', `/${id}`);
    expect(head.headers['upload-offset']).toBe(String(half));
    // A piece sent from a stale offset is refused; from the right one, taken.
    expect((await tus('PATCH', `/${id}`, { headers: { 'upload-offset': '0' }, body: video.subarray(0, 10) })).statusCode).toBe(409);
    const last = await tus('PATCH', `/${id}`, { headers: { 'upload-offset': String(half) }, body: video.subarray(half) });
    expect(last.statusCode, last.body).toBe(204);
    const itemId = Number(String(last.headers['library-target']).split(':')[1]);
    expect(itemId).toBeGreaterThan(0);

    const first = (await library()).items.find((item) => item.id === itemId)!;
    expect(first).toMatchObject({ texts: { en: { title: 'Season Review' } }, publishedAt: null });
    const ready = await waitFor(library, (l) => l.items.find((item) => item.id === itemId)?.status === 'ready');
    const item = ready.items.find((entry) => entry.id === itemId)!;
    expect(item).toMatchObject({ status: 'ready', progress: 100, duration: 3, frames: 4 });
    // Its upload left the disk and the quota.
    expect(ready.uploads.usedBytes).toBe(0);

    // A draft: viewers do not see it, nor reach its posters.
    const key = await t.keyFor('alpha');
    const hidden = await t.app.inject({ url: `/api/vod-media-items/${itemId}?api_key=${key}`, headers: { host: hostOf('alpha') } });
    expect(hidden.statusCode).toBe(404);
    expect((await t.app.inject({ url: item.poster!, headers: { host: hostOf('alpha') } })).statusCode).toBe(404);

    // Titles in both languages, access, published now, and first in a new rail.
    const edited = await call('PATCH', `/library/items/${itemId}`, {
      texts: { en: { title: 'Season review', description: 'The year in goals' }, fr: { title: 'La saison en revue', description: null } },
      access: 'free',
      publishedAt: new Date(Date.now() - 1000).toISOString(),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(LibraryItemResponse.parse(edited.json()).item.texts.fr).toEqual({ title: 'La saison en revue', description: null });
    const rails = LibraryRailsResponse.parse((await call('POST', '/library/rails', { title: 'Just in' })).json()).rails;
    const rail = rails.at(-1)!;
    expect((await call('PATCH', `/library/rails/${rail.id}`, { itemIds: [itemId] })).statusCode).toBe(200);
    const order = [rail.id, ...rails.filter((r) => r.id !== rail.id).map((r) => r.id)];
    expect(LibraryRailsResponse.parse((await call('POST', '/library/rails/order', { railIds: order })).json()).rails.map((r) => r.id)).toEqual(order);

    const viewerRails = VodRailsResponse.parse((await t.app.inject({ url: `/api/vod-media-rails?api_key=${key}`, headers: { host: hostOf('alpha') } })).json()).data;
    expect(viewerRails[0]!.title).toBe('Just in');
    expect(viewerRails[0]!.vod_media_items.map((i) => i.title)).toEqual(['Season review']);
    const detail = VodMediaItemResponse.parse((await t.app.inject({ url: `/api/vod-media-items/${itemId}?api_key=${key}`, headers: { host: hostOf('alpha') } })).json()).data;
    const master = await t.app.inject({ url: detail.stream!.url });
    expect(master.statusCode).toBe(200);
    // Two renditions: 144p and 90p; the 360p rung is above the 180p source.
    expect(master.body).toContain('RESOLUTION=256x144');
    expect(master.body).toContain('RESOLUTION=160x90');
    expect(master.body).not.toContain('x360');
    const variant = await t.app.inject({ url: detail.stream!.url.replace('index.m3u8', 'v0.m3u8') });
    expect(variant.body).toContain('#EXT-X-ENDLIST');
    expect((await t.app.inject({ url: item.poster!, headers: { host: hostOf('alpha') } })).statusCode).toBe(200);

    // A poster from a frame, then an uploaded picture; a picture that is none is refused.
    expect((await call('GET', `/library/items/${itemId}/frame?n=3`)).headers['content-type']).toBe('image/jpeg');
    expect((await call('POST', `/library/items/${itemId}/poster`, { frame: 3 })).statusCode).toBe(200);
    expect((await call('POST', `/library/items/${itemId}/poster`, { image: `data:image/png;base64,${picture.toString('base64')}` })).statusCode).toBe(200);
    const bad = await call('POST', `/library/items/${itemId}/poster`, { image: `data:image/png;base64,${b64('not a picture')}` });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({ field: 'image', code: 'poster_invalid' });

    // Every change is in the audit log.
    const actions = (await t.database.db.selectFrom('audit_log').select('action').where('channel_id', '=', alpha).where('action', 'like', 'library.%').execute()).map((row) => row.action);
    expect(actions).toEqual(expect.arrayContaining(['library.item.upload', 'library.item.update', 'library.rail.create', 'library.rail.update', 'library.rail.order', 'library.item.poster']));
  }, 180_000);
});

describe('uploads that must be refused', () => {
  it('over the size limit: refused before a byte is sent', async () => {
    const { response } = await create(MAX_BYTES + 1);
    expect(response.statusCode, response.body).toBe(413);
    expect(response.json()).toMatchObject({ code: 'upload_too_large', field: expect.any(String) });
  });

  it('over the channel’s quota: the second upload that would not fit is refused', async () => {
    // Each under the size limit; together over the quota.
    expect(2 * MAX_BYTES).toBeGreaterThan(QUOTA_BYTES);
    const first = await create(MAX_BYTES);
    expect(first.response.statusCode).toBe(201);
    const second = await create(MAX_BYTES);
    expect(second.response.statusCode).toBe(413);
    expect(second.response.json()).toMatchObject({ code: 'upload_quota', field: 'Upload-Length' });
    // Ending the first frees its space.
    expect((await tus('DELETE', `/${first.id}`)).statusCode).toBe(204);
    const third = await create(MAX_BYTES);
    expect(third.response.statusCode).toBe(201);
    expect((await tus('DELETE', `/${third.id}`)).statusCode).toBe(204);
  });

  it('a file that is not a video: refused by its type, and by its content once sent', async () => {
    const typed = await create(100, { filetype: 'text/plain', filename: 'notes.txt' });
    expect(typed.response.statusCode).toBe(415);
    expect(typed.response.json()).toMatchObject({ code: 'upload_not_video', field: 'filetype' });

    const text = Buffer.from('This is not a video at all, only some words.\n'.repeat(20));
    const before = (await library()).items.length;
    const { id } = await create(text.length, { filename: 'fake.mp4' });
    const sent = await tus('PATCH', `/${id}`, { headers: { 'upload-offset': '0' }, body: text });
    expect(sent.statusCode).toBe(422);
    expect(sent.json()).toMatchObject({ code: 'upload_not_video', field: 'file' });
    expect((await library()).items.length).toBe(before);
    expect(existsSync(join(dir, 'media', '.uploads', id))).toBe(false);
  });

  it('another channel’s upload: a producer of bravo cannot see, continue or end alpha’s', async () => {
    const { id } = await create(1000);
    for (const method of ['HEAD', 'PATCH', 'DELETE'] as const) {
      const response = await tus(method, `/${id}`, { slug: 'bravo', credential: session.bravoProducer, headers: { 'upload-offset': '0' }, body: method === 'PATCH' ? Buffer.alloc(1000) : undefined });
      expect(response.statusCode, method).toBe(404);
    }
    expect((await tus('HEAD', `/${id}`)).headers['upload-offset']).toBe('0');
    // Nor with alpha's cookie on bravo's host: the session is the host's channel's.
    expect((await tus('HEAD', `/${id}`, { slug: 'bravo' })).statusCode).toBe(403);
    expect((await tus('DELETE', `/${id}`)).statusCode).toBe(204);
  });

  it('a stalled upload expires: its file and its quota are freed', async () => {
    const { id } = await create(1000);
    expect((await tus('PATCH', `/${id}`, { headers: { 'upload-offset': '0' }, body: Buffer.alloc(100) })).statusCode).toBe(204);
    const used = (await library()).uploads.usedBytes;
    expect(used).toBeGreaterThanOrEqual(1000);
    await t.database.db.updateTable('library_uploads').set({ touched_at: new Date(Date.now() - 120_000) }).where('id', '=', id).execute();
    expect(await t.app.sweepLibraryUploads()).toBe(1);
    expect((await tus('HEAD', `/${id}`)).statusCode).toBe(404);
    expect((await library()).uploads.usedBytes).toBe(used - 1000);
    expect(existsSync(join(dir, 'media', '.uploads', id))).toBe(false);
  });
});

describe('prerolls', () => {
  it('an uploaded preroll plays once transcoded, targeted at one sport', async () => {
    const { id } = await create(video.length, { kind: 'preroll', filename: 'Sponsor.mp4' });
    const done = await tus('PATCH', `/${id}`, { headers: { 'upload-offset': '0' }, body: video });
    expect(done.statusCode, done.body).toBe(204);
    const prerollId = Number(String(done.headers['library-target']).split(':')[1]);
    const key = await t.keyFor('alpha');
    const settings = async () => ChannelSettingsResponse.parse((await t.app.inject({ url: `/api/settings?api_key=${key}`, headers: { host: hostOf('alpha') } })).json()).data;
    // Not offered to players while it is transcoded.
    const listed = LibraryPrerollsResponse.parse((await call('GET', '/library/prerolls')).json());
    if (listed.prerolls.find((p) => p.id === prerollId)!.status === 'processing') expect((await settings()).prerolls.map((p) => p.id)).not.toContain(prerollId);
    const ready = await waitFor(
      async () => LibraryPrerollsResponse.parse((await call('GET', '/library/prerolls')).json()),
      (l) => l.prerolls.find((p) => p.id === prerollId)?.status === 'ready',
    );
    const preroll = ready.prerolls.find((p) => p.id === prerollId)!;
    expect(preroll).toMatchObject({ title: 'Sponsor', status: 'ready', weight: 1 });
    const sport = ready.sports[0]!;
    const targeted = await call('PATCH', `/library/prerolls/${prerollId}`, { eventCategoryIds: [sport.id], forVod: false, weight: 3 });
    expect(targeted.statusCode, targeted.body).toBe(200);
    const offered = (await settings()).prerolls.find((p) => p.id === prerollId)!;
    expect(offered).toMatchObject({ weight: 3, for_vod: false, for_live: true, event_categories: [sport.id] });
    const playlist = await t.app.inject({ url: offered.url });
    expect(playlist.statusCode).toBe(200);
    expect(playlist.body).toContain('#EXT-X-STREAM-INF');
    // Another channel's sport is refused, named.
    const other = await t.database.db.selectFrom('event_categories').select('id').where('channel_id', '<>', alpha).executeTakeFirstOrThrow();
    const refused = await call('PATCH', `/library/prerolls/${prerollId}`, { eventCategoryIds: [other.id] });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ field: 'eventCategoryIds' });
    // Bravo's producer does not find it.
    expect((await call('PATCH', `/library/prerolls/${prerollId}`, { weight: 1 }, session.bravoProducer, 'bravo')).statusCode).toBe(404);
  }, 180_000);
});
