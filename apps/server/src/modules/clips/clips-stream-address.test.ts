import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiErrorBody, ClipResponse, ClipsResponse, SharedClipResponse } from '@grandstand/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { testClipMedia } from '../../../test/support/clipMedia.ts';
import { buyEvent, verifiedViewer } from '../../../test/support/clipViewers.ts';

// A paid or ppv game's clip plays only under a signed, short-lived address bound to the session
// that asked (server README, Security: clips), as an event's stream does: the public file address
// of its HLS answers 404, or a viewer who may watch the game could republish it in clip-sized
// pieces by posting that address. Its poster stays public (link previews). A free game's clip keeps
// its public, cacheable address.

const TTL = 30;
let clock = Math.floor(Date.now() / 1000);
const media = testClipMedia();
let mediaDir: string;
let t: TestApp;
let paidEvent: number;
let freeEvent: number;

beforeAll(async () => {
  mediaDir = await mkdtemp(join(tmpdir(), 'clips-stream-'));
  t = await buildTestApp({
    media: { dir: mediaDir, tokenTtlSeconds: TTL, now: () => clock },
    clips: { media, queue: { pollMs: 50, retryDelayMs: 20 }, limits: { rateMax: 10_000, addressRateMax: 10_000 }, storageTtlMs: 0 },
  });
  const events = t.database.db.selectFrom('events').select('id').where('channel_id', '=', t.channel('alpha').id).orderBy('id');
  paidEvent = (await events.where('stream_status', '=', 'finished').executeTakeFirstOrThrow()).id;
  freeEvent = (await events.where('id', '!=', paidEvent).executeTakeFirstOrThrow()).id;
  // The finished game becomes a paid one; another game a finished free one.
  await t.database.db.updateTable('events').set({ access_type: 'paid', base_price: 5 }).where('id', '=', paidEvent).execute();
  await t.database.db.updateTable('events').set({ access_type: 'free', base_price: 0, stream_status: 'finished' }).where('id', '=', freeEvent).execute();
});
afterAll(async () => {
  await t?.close();
  await rm(mediaDir, { recursive: true, force: true });
});

/** A ready clip of the game, as its maker's list answers it. The folder gets the real cutter's segment names too (core/media/clip.ts). */
async function readyClip(key: string, eventId: number) {
  const created = await t.app.inject({ method: 'POST', url: '/api/clip', payload: { api_key: key, event_id: eventId, name: 'Top corner', start_time: 30, duration: 20, tags: ['goal'] } });
  expect(created.statusCode, created.body).toBe(200);
  const { id } = ClipResponse.parse(created.json()).data;
  for (let i = 0; i < 200; i++) {
    const clip = (await ownClips(key)).find((c) => c.id === id);
    if (clip?.status === 'ready') {
      const dir = media.clipDir(mediaDir, 'alpha', clip.uuid);
      await writeFile(join(dir, 'init.mp4'), Buffer.alloc(32, 3));
      await writeFile(join(dir, 'seg-000.m4s'), Buffer.alloc(64, 1));
      return clip;
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`clip ${id} never became ready`);
}

const ownClips = async (key: string) => ClipsResponse.parse((await t.app.inject({ url: `/api/clips/user?limit=100&api_key=${key}` })).json()).data;
const shared = (key: string, uuid: string) => t.app.inject({ url: `/api/shared-clip/${uuid}?api_key=${key}` });
const get = (url: string) => t.app.inject({ url, headers: { host: 'alpha.localhost' } });
const publicFile = (uuid: string, file: string) => get(`/media/clips/alpha/${uuid}/${file}`);
const sibling = (playlist: string, file: string) => playlist.replace(/index\.m3u8$/, file);

function tokenRefused(response: { statusCode: number; json(): unknown; body: string }) {
  expect(response.statusCode, response.body).toBe(403);
  expect(ApiErrorBody.parse(response.json()).field).toBe('token');
}

describe('a paid game’s clip', () => {
  it('plays for an entitled viewer under a signed address that stops after its lifetime', async () => {
    const maker = await verifiedViewer(t);
    await buyEvent(t, maker, paidEvent);
    const clip = await readyClip(maker, paidEvent);
    expect(clip.stream_url).toMatch(new RegExp(`^/media/s/[^/]+/clips/${clip.uuid}/index\\.m3u8$`));
    expect(clip.stream_expires_in).toBe(TTL);

    // Another viewer who bought the game gets their own address from the share answer.
    const buyer = await verifiedViewer(t);
    await buyEvent(t, buyer, paidEvent);
    const answer = SharedClipResponse.parse((await shared(buyer, clip.uuid)).json()).data;
    expect(answer.stream_expires_in).toBe(TTL);
    const url = answer.stream_url;
    expect(url).toMatch(new RegExp(`^/media/s/[^/]+/clips/${clip.uuid}/index\\.m3u8$`));

    const playlist = await get(url);
    expect(playlist.statusCode, playlist.body).toBe(200);
    expect(playlist.body).toContain('#EXTM3U');
    // The viewer's browser may keep it; no shared cache (a CDN) may, or it would hand the clip
    // to anyone holding the address after its token lapsed.
    expect(playlist.headers['cache-control']).toBe('private, max-age=60');
    expect((await get(sibling(url, 'seg-000.m4s'))).statusCode).toBe(200);
    expect((await get(sibling(url, 'seg-000.m4s'))).headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect((await get(sibling(url, 'init.mp4'))).statusCode).toBe(200);
    // Only the HLS under the address: not the MP4 (a signed download of its own), nor anything else.
    expect((await get(sibling(url, 'clip.mp4'))).statusCode).toBe(404);
    expect((await get(sibling(url, 'poster.jpg'))).statusCode).toBe(404);
    // The address names one clip: another uuid under it is refused.
    tokenRefused(await get(url.replace(clip.uuid, randomUUID())));

    clock += TTL - 1;
    expect((await get(url)).statusCode).toBe(200);
    clock += 1;
    tokenRefused(await get(url));
    tokenRefused(await get(sibling(url, 'seg-000.m4s')));

    // Asked again, the viewer who may still watch gets a new address that works.
    const renewed = SharedClipResponse.parse((await shared(buyer, clip.uuid)).json()).data.stream_url;
    expect(renewed).not.toBe(url);
    expect((await get(renewed)).statusCode).toBe(200);
  });

  it('is never served at its public file address, its poster alone is', async () => {
    const maker = await verifiedViewer(t);
    await buyEvent(t, maker, paidEvent);
    const clip = await readyClip(maker, paidEvent);
    for (const file of ['index.m3u8', 'init.mp4', 'seg-000.m4s']) {
      const response = await publicFile(clip.uuid, file);
      expect(response.statusCode, file).toBe(404);
      expect(ApiErrorBody.parse(response.json()).field).toBe('url');
    }
    const poster = await publicFile(clip.uuid, 'poster.jpg');
    expect(poster.statusCode).toBe(200);
    expect(poster.headers['content-type']).toBe('image/jpeg');
    expect((await publicFile(clip.uuid, 'poster.webp')).statusCode).toBe(200);
  });

  it('gets no address for a viewer who may not watch the game, nor for its maker once refunded', async () => {
    const maker = await verifiedViewer(t);
    const order = await buyEvent(t, maker, paidEvent);
    const clip = await readyClip(maker, paidEvent);
    expect((await shared(await verifiedViewer(t), clip.uuid)).statusCode).toBe(403);
    await t.database.db.updateTable('orders').set({ status: 'refunded', activity_status: 'inactive' }).where('id', '=', order).execute();
    const kept = (await ownClips(maker)).find((c) => c.id === clip.id);
    expect(kept).toMatchObject({ status: 'ready', stream_url: null, stream_expires_in: null });
  });

  it('keeps a public address where the channel shares paid games’ clips publicly', async () => {
    const config = t.app.channels.bySlug('alpha')!.config.clips!; // the registry's copy: the one the routes read
    const saved = config.public_paid_shares;
    config.public_paid_shares = true;
    try {
      const maker = await verifiedViewer(t);
      await buyEvent(t, maker, paidEvent);
      const clip = await readyClip(maker, paidEvent);
      expect(clip).toMatchObject({ stream_url: `/media/clips/alpha/${clip.uuid}/index.m3u8`, stream_expires_in: null });
      expect((await publicFile(clip.uuid, 'index.m3u8')).statusCode).toBe(200);
    } finally {
      config.public_paid_shares = saved;
    }
  });
});

describe('a free game’s clip', () => {
  it('keeps its public, cacheable address, which does not expire', async () => {
    const maker = await verifiedViewer(t);
    const clip = await readyClip(maker, freeEvent);
    expect(clip).toMatchObject({ stream_url: `/media/clips/alpha/${clip.uuid}/index.m3u8`, stream_expires_in: null });
    const answer = SharedClipResponse.parse((await shared(await t.keyFor('alpha'), clip.uuid)).json()).data;
    expect(answer).toMatchObject({ stream_url: clip.stream_url, stream_expires_in: null });
    clock += TTL * 10;
    const playlist = await get(answer.stream_url);
    expect(playlist.statusCode).toBe(200);
    expect(playlist.headers['cache-control']).toBe('public, max-age=60');
    const segment = await publicFile(clip.uuid, 'seg-000.m4s');
    expect(segment.statusCode).toBe(200);
    expect(segment.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});
