import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ApiErrorBody,
  CLIP_REFUSAL_CODES,
  ClipsResponse,
  ConsoleChannelSettingsResponse,
  EventDetailResponse,
  EventsResponse,
  GeoResponse,
  ProfileResponse,
  SUPPORT_ERROR_CODES,
  VodMediaItemResponse,
  VodMediaItemsResponse,
  VodRailsResponse,
  VodSearchResponse,
} from '@grandstand/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { testClipMedia } from '../../../test/support/clipMedia.ts';
import { userIdOf, verifiedViewer } from '../../../test/support/clipViewers.ts';
import { hostOf, makeOperator, signIn } from '../operators/testing.ts';

// Everywhere a stream is handed out (events, the on-demand library and its streams, clips), the
// viewer's region (spec §2, §3 Geo: the channel's blocked countries, set on the control room's
// Settings page, or the account's `is_geo_blocked`, spec §6) and their standing (spec §6 `watch`:
// a viewer suspended by support) are applied: no stream, and the reason for the page to show.

// Addresses from the offline database: 24.48.0.1 is Canadian, 8.8.8.8 American.
const CANADA = '24.48.0.1';
const US = '8.8.8.8';

let t: TestApp;
let mediaDir: string;
const media = testClipMedia();
let liveEvent: number;
let finishedEvent: number;
let freeItem: number;
let ownerSession: string;
const alpha = () => t.channel('alpha');

beforeAll(async () => {
  mediaDir = await mkdtemp(join(tmpdir(), 'geo-everywhere-'));
  t = await buildTestApp({ media: { dir: mediaDir }, clips: { media, queue: { pollMs: 50, retryDelayMs: 20 }, limits: { rateMax: 10_000, addressRateMax: 10_000 }, storageTtlMs: 0 } });
  const db = t.database.db;
  liveEvent = (await db.selectFrom('events').select('id').where('channel_id', '=', alpha().id).where('name', '=', 'North vs South').executeTakeFirstOrThrow()).id;
  finishedEvent = (await db.selectFrom('events').select('id').where('channel_id', '=', alpha().id).where('name', '=', 'Last season final').executeTakeFirstOrThrow()).id;
  freeItem = (await db.selectFrom('vod_media_items').select('id').where('channel_id', '=', alpha().id).where('ref', '=', 'season-review-2025').executeTakeFirstOrThrow()).id;
  await makeOperator(t.app, 'owner@alpha.test', [[alpha().id, 'owner']]);
  ownerSession = await signIn(t.app, 'alpha', 'owner@alpha.test');
});
afterAll(async () => {
  await t?.close();
  await rm(mediaDir, { recursive: true, force: true });
});

const get = (key: string, url: string, from = US) => t.app.inject({ url: `/api/${url}${url.includes('?') ? '&' : '?'}api_key=${encodeURIComponent(key)}`, remoteAddress: from });

async function ok<T>(response: LightMyRequestResponse, schema: { parse(value: unknown): T }): Promise<T> {
  expect(response.statusCode, response.body).toBe(200);
  return schema.parse(response.json());
}

/** A ready clip of the finished game, made by the viewer behind `key` (cut by the test cutter). */
async function readyClip(key: string) {
  const made = await t.app.inject({ method: 'POST', url: '/api/clip', remoteAddress: US, payload: { api_key: key, event_id: finishedEvent, name: 'Buzzer beater', start_time: 30, duration: 20, tags: ['goal'] } });
  expect(made.statusCode, made.body).toBe(200);
  const id = (made.json() as { data: { id: number } }).data.id;
  await vi.waitFor(
    async () => {
      const clips = (await ok(await get(key, 'clips/user?limit=100'), ClipsResponse)).data;
      expect(clips.find((clip) => clip.id === id)?.status).toBe('ready');
    },
    { timeout: 20_000, interval: 50 },
  );
  return (await ok(await get(key, 'clips/user?limit=100'), ClipsResponse)).data.find((clip) => clip.id === id)!;
}

/** What a viewer gets of every kind of stream: the live game, an on-demand item, the library, their clips and a shared clip. */
async function everything(key: string, from: string, clipUuid: string) {
  const event = (await ok(await get(key, `events/${liveEvent}`, from), EventDetailResponse)).data;
  const listed = (await ok(await get(key, 'events', from), EventsResponse)).data.find((e) => e.id === liveEvent)!;
  const item = (await ok(await get(key, `vod-media-items/${freeItem}`, from), VodMediaItemResponse)).data;
  const library = (await ok(await get(key, 'vod-media-items', from), VodMediaItemsResponse)).data.find((i) => i.id === freeItem)!;
  const rails = (await ok(await get(key, 'vod-media-rails', from), VodRailsResponse)).data.flatMap((rail) => rail.vod_media_items).find((i) => i.id === freeItem)!;
  const clips = (await ok(await get(key, 'clips/user?limit=100', from), ClipsResponse)).data;
  const shared = await get(key, `shared-clip/${clipUuid}`, from);
  return { event, listed, item, library, rails, clips, shared };
}

describe('a viewer whose account is geo-blocked', () => {
  it('is handed no stream anywhere, told the spec’s geo reason, wherever they are', async () => {
    const key = await verifiedViewer(t);
    const clip = await readyClip(key);
    const before = await everything(key, US, clip.uuid);
    expect(before.event.stream).not.toBeNull();
    expect(before.item.stream).not.toBeNull();
    expect(before.clips.every((c) => c.stream_url !== null)).toBe(true);
    expect(before.shared.statusCode).toBe(200);

    await t.database.db.updateTable('users').set({ is_geo_blocked: true }).where('id', '=', await userIdOf(t, key)).execute();
    expect((await ok(await get(key, 'geo'), GeoResponse)).data.is_geo_blocked).toBe(true);
    const after = await everything(key, US, clip.uuid);
    expect(after.event.access).toEqual({ allowed: false, geo_blocked: true, options: [] });
    expect(after.event.stream).toBeNull();
    expect(after.listed.has_access).toBe(false);
    expect(after.item).toMatchObject({ locked: 'geo', stream: null, has_access: false });
    expect(after.library.has_access).toBe(false);
    expect(after.rails.has_access).toBe(false);
    const found = (await ok(await get(key, 'vod-media/search?title=north'), VodSearchResponse)).data.events;
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((e) => !e.has_access)).toBe(true);
    expect(after.clips.length).toBeGreaterThan(0);
    expect(after.clips.every((c) => c.stream_url === null)).toBe(true);
    expect(after.shared.statusCode).toBe(403);
    expect(ApiErrorBody.parse(after.shared.json())).toMatchObject({ code: CLIP_REFUSAL_CODES.geoBlocked, message: "We're sorry, but this content is not available in your region." });
    // Nor may they cut or download a new clip of what they may not watch.
    const clipAsked = await t.app.inject({ method: 'POST', url: '/api/clip', remoteAddress: US, payload: { api_key: key, event_id: finishedEvent, name: 'Again', start_time: 30, duration: 20, tags: ['goal'] } });
    expect(clipAsked.statusCode).toBe(403);
  });
});

describe('a viewer suspended by the channel’s support (no watch)', () => {
  it('is handed no stream of an item, a clip or a shared clip, is told why, and loses watch from the profile', async () => {
    const key = await verifiedViewer(t);
    const clip = await readyClip(key);
    expect((await ok(await get(key, 'profile'), ProfileResponse)).data.capabilities).toContain('watch');

    await t.database.db.updateTable('users').set({ suspended_at: new Date(), suspended_reason: 'Sharing the account' }).where('id', '=', await userIdOf(t, key)).execute();
    const after = await everything(key, US, clip.uuid);
    expect(after.event.stream).toBeNull();
    expect(after.item).toMatchObject({ locked: 'suspended', stream: null, has_access: false, refusal: { code: SUPPORT_ERROR_CODES.viewerSuspended, reason: 'Sharing the account' } });
    expect(after.library.has_access).toBe(false);
    expect(after.clips.every((c) => c.stream_url === null)).toBe(true);
    expect(after.shared.statusCode).toBe(403);
    expect(ApiErrorBody.parse(after.shared.json()).code).toBe(SUPPORT_ERROR_CODES.viewerSuspended);
    expect((await ok(await get(key, 'profile'), ProfileResponse)).data.capabilities).not.toContain('watch');
    // The download addresses too (the recording of a finished game, a clip's MP4).
    expect((await get(key, `clip/download/${clip.id}`)).statusCode).toBe(403);
    expect((await get(key, `download-event/${finishedEvent}`)).statusCode).toBe(403);

    // Restored: everything again.
    await t.database.db.updateTable('users').set({ suspended_at: null, suspended_reason: null }).where('id', '=', await userIdOf(t, key)).execute();
    const restored = await everything(key, US, clip.uuid);
    expect(restored.item.stream).not.toBeNull();
    expect(restored.item.locked).toBeNull();
    expect(restored.shared.statusCode).toBe(200);
  });
});

describe('the channel’s regions, set on the control room’s Settings page', () => {
  const settings = (method: 'GET' | 'PUT', payload?: unknown) => {
    const host = hostOf('alpha');
    return t.app.inject({ method, url: '/api/console/channel/settings', headers: { host, origin: `http://${host}`, cookie: `grandstand_console=${ownerSession}` }, ...(payload === undefined ? {} : { payload: payload as object }) });
  };

  it('block the library and its streams for a visitor there at the next request, and not elsewhere', async () => {
    const visitor = await t.keyFor('alpha');
    expect((await ok(await get(visitor, `vod-media-items/${freeItem}`, CANADA), VodMediaItemResponse)).data.stream).not.toBeNull();
    const put = await ok(await settings('PUT', { geo: { blocked_countries: ['ca', 'FR', 'CA'] } }), ConsoleChannelSettingsResponse);
    expect(put.settings.geo).toEqual({ blocked_countries: ['CA', 'FR'] });
    expect((await ok(await settings('GET'), ConsoleChannelSettingsResponse)).settings.geo).toEqual({ blocked_countries: ['CA', 'FR'] });
    await vi.waitFor(() => expect(t.app.geo.isBlocked(alpha().id, 'CA')).toBe(true));

    expect((await ok(await get(visitor, 'geo', CANADA), GeoResponse)).data.is_geo_blocked).toBe(true);
    expect((await ok(await get(visitor, `vod-media-items/${freeItem}`, CANADA), VodMediaItemResponse)).data).toMatchObject({ locked: 'geo', stream: null });
    expect((await ok(await get(visitor, 'vod-media-items', CANADA), VodMediaItemsResponse)).data.every((i) => !i.has_access)).toBe(true);
    expect((await ok(await get(visitor, `events/${liveEvent}`, CANADA), EventDetailResponse)).data.stream).toBeNull();
    expect((await ok(await get(visitor, `vod-media-items/${freeItem}`, US), VodMediaItemResponse)).data.stream).not.toBeNull();

    await ok(await settings('PUT', { geo: { blocked_countries: [] } }), ConsoleChannelSettingsResponse);
    await vi.waitFor(() => expect(t.app.geo.isBlocked(alpha().id, 'CA')).toBe(false));
    expect((await ok(await get(visitor, `vod-media-items/${freeItem}`, CANADA), VodMediaItemResponse)).data.stream).not.toBeNull();
  });

  it('refuse what is not a country code, naming the setting', async () => {
    for (const bad of [['Canada'], ['C1'], 'CA', [42]]) {
      const response = await settings('PUT', { geo: { blocked_countries: bad } });
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
      expect(ApiErrorBody.parse(response.json()).field ?? '').toMatch(/^geo\.blocked_countries/);
    }
  });
});
