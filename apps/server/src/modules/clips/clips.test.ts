import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ApiErrorBody,
  CLIP_MESSAGES,
  CLIP_REFUSAL_CODES,
  CLIP_REFUSALS,
  ClipOptionsResponse,
  ClipResponse,
  ClipsResponse,
  DownloadLinkResponse,
  EventsWithClipResponse,
  LIVE_CLIP_SECONDS,
  MessageResponse,
  ProfileResponse,
  SessionResponse,
  SharedClipResponse,
} from '@grandstand/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadChannelFolders } from '../../core/channels/loadChannels.ts';
import { DEFAULT_CLIP_MAX_CLIPS } from './limits.ts';
import { capabilitiesOf } from './rules.ts';
import { clipPicture } from '../../core/media/clip.ts';
import { repoRoot } from '../../core/paths.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { verifiedViewer } from '../../../test/support/clipViewers.ts';
import { TEST_RECORDING_SECONDS, testClipMedia } from '../../../test/support/clipMedia.ts';

// spec §7 Clips calls, §5 clip rules, §6 capabilities and counters, through the real routes and
// queue; the media part is the test double of test/support/clipMedia.ts (real files, no ffmpeg).
let t: TestApp;
let mediaDir: string;
const media = testClipMedia();
const events: Record<'live' | 'upcoming' | 'finished' | 'bravoFinished', { id: number; event_utc_ts: number }> = {} as never;

beforeAll(async () => {
  mediaDir = await mkdtemp(join(tmpdir(), 'clips-routes-'));
  t = await buildTestApp({ media: { dir: mediaDir }, clips: { media, queue: { pollMs: 50, retryDelayMs: 20 }, limits: { rateMax: 10_000, addressRateMax: 10_000 } } });
  const find = async (slug: string, status: string) => {
    const row = await t.database.db.selectFrom('events').select(['id', 'event_utc_ts']).where('channel_id', '=', t.channel(slug).id).where('stream_status', '=', status).orderBy('id').executeTakeFirstOrThrow();
    return { id: row.id, event_utc_ts: Number(row.event_utc_ts) };
  };
  events.live = await find('alpha', 'live');
  events.upcoming = await find('alpha', 'upcoming');
  events.finished = await find('alpha', 'finished');
  events.bravoFinished = await find('bravo', 'finished');
});
afterAll(async () => {
  await t.close();
  await rm(mediaDir, { recursive: true, force: true });
});

const body = (overrides: Record<string, unknown> = {}) => ({ event_id: events.finished.id, name: 'Top corner', start_time: 30, duration: 20, tags: ['goal'], ...overrides });

async function post(key: string, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/api/clip', payload: { api_key: key, ...payload } });
}

async function get(key: string, url: string) {
  return t.app.inject({ url: `/api/${url}${url.includes('?') ? '&' : '?'}api_key=${key}` });
}

/** The clip refusal a text is, by the contract's words (spec §5 texts included). */
const CLIP_TEXTS: Record<string, keyof typeof CLIP_REFUSAL_CODES> = Object.fromEntries(
  Object.entries({ ...CLIP_REFUSALS, ...CLIP_MESSAGES }).map(([key, text]) => [text, key as keyof typeof CLIP_REFUSAL_CODES]),
);

/** A refusal naming its field; one of the clip texts carries its machine code beside the words. */
function refusal(response: { statusCode: number; json(): unknown }, status: number, field: string, message?: string) {
  expect(response.statusCode).toBe(status);
  const error = ApiErrorBody.parse(response.json());
  expect(error.field).toBe(field);
  if (message) expect(error.message).toBe(message);
  const known = message === undefined ? undefined : CLIP_TEXTS[message];
  if (known) expect(error.code, message).toBe(CLIP_REFUSAL_CODES[known]);
}

async function created(key: string, overrides: Record<string, unknown> = {}) {
  const response = await post(key, body(overrides));
  expect(response.statusCode, response.body).toBe(200);
  return ClipResponse.parse(response.json()).data;
}

async function readyClip(key: string, id: number) {
  for (let i = 0; i < 200; i++) {
    const { data } = ClipsResponse.parse((await get(key, 'clips/user?limit=100')).json());
    const clip = data.find((c) => c.id === id);
    if (clip?.status === 'ready' || clip?.status === 'failed') return clip;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`clip ${id} never settled`);
}

describe('POST /api/clip', () => {
  it('queues a clip of a finished game, which the queue makes ready with a stream, a poster and a share link', async () => {
    const key = await verifiedViewer(t);
    const clip = await created(key, { name: '  Top corner  ', tags: ['save', 'goal', 'goal'] });
    expect(clip).toMatchObject({ status: 'queued', name: 'Top corner', tags: ['goal', 'save'], start_time: 30, duration: 20, live: false, stream_url: null, poster: null, failure_reason: null });
    expect(clip.event).toMatchObject({ id: events.finished.id, name: 'Last season final' });
    const ready = await readyClip(key, clip.id);
    expect(ready).toMatchObject({ status: 'ready', stream_url: `/media/clips/alpha/${clip.uuid}/index.m3u8` });
    expect(ready.poster).toEqual(clipPicture('alpha', clip.uuid));
    expect(ready.poster?.src).toMatch(new RegExp(`^/media/clips/alpha/${clip.uuid}/poster[^/]*\\.jpg$`));
    expect(existsSync(join(mediaDir, 'clips', 'alpha', clip.uuid, 'clip.mp4'))).toBe(true);

    // Anyone with the link sees it, a visitor included; another channel's key does not.
    const shared = await get(await t.keyFor('alpha'), `shared-clip/${clip.uuid}`);
    expect(shared.statusCode).toBe(200);
    expect(SharedClipResponse.parse(shared.json()).data).toMatchObject({ id: clip.id, status: 'ready', name: 'Top corner' });
    expect(shared.json().data).not.toHaveProperty('failure_reason');
    refusal(await get(await t.keyFor('bravo'), `shared-clip/${clip.uuid}`), 404, 'id');
  });

  it('clips the last 30 seconds of a live game, in seconds after the event start on the wall clock', async () => {
    const key = await verifiedViewer(t);
    const edge = Date.now() / 1000 - events.live.event_utc_ts;
    const clip = await created(key, { event_id: events.live.id, start_time: edge - LIVE_CLIP_SECONDS - 1, duration: LIVE_CLIP_SECONDS });
    expect(clip.live).toBe(true);
    expect((await readyClip(key, clip.id)).status).toBe('ready');
    const cut = media.cuts.find((c) => c.uuid === clip.uuid);
    expect(cut?.event).toMatchObject({ live: true, eventUtcTs: events.live.event_utc_ts, channelSlug: 'alpha' });
    // A moment that has left the live window is refused, naming the start.
    refusal(await post(key, body({ event_id: events.live.id, start_time: 1, duration: 10 })), 422, 'start_time');
  });

  it('refuses a visitor, naming the key, and a viewer without the clipping capability, naming it', async () => {
    refusal(await post(await t.keyFor('alpha'), body()), 401, 'api_key', CLIP_REFUSALS.login);
    // Bravo grants nothing: its viewers need the capability on their account.
    const bravo = await verifiedViewer(t, 'bravo');
    refusal(await post(bravo, body({ event_id: events.bravoFinished.id })), 403, 'capabilities', CLIP_REFUSALS.clipping);
    const user = await t.database.db.selectFrom('users').select('id').where('channel_id', '=', t.channel('bravo').id).orderBy('id', 'desc').executeTakeFirstOrThrow();
    await t.database.db.updateTable('users').set({ capabilities: JSON.stringify(['clipping']) }).where('id', '=', user.id).execute();
    expect((await post(bravo, body({ event_id: events.bravoFinished.id }))).statusCode).toBe(200);
  });

  it('checks the spec §5 rules, each refusal naming its field', async () => {
    const key = await verifiedViewer(t);
    refusal(await post(key, body({ name: '   ' })), 422, 'name', CLIP_MESSAGES.nameRequired);
    refusal(await post(key, body({ tags: [] })), 422, 'tags', CLIP_MESSAGES.tagRequired);
    refusal(await post(key, body({ tags: ['goal', 'not-a-tag'] })), 422, 'tags', CLIP_MESSAGES.tagRequired);
    refusal(await post(key, body({ start_time: TEST_RECORDING_SECONDS - 10, duration: 20 })), 422, 'duration', CLIP_MESSAGES.durationTooLong);
    refusal(await post(key, body({ start_time: TEST_RECORDING_SECONDS + 5 })), 422, 'start_time');
    refusal(await post(key, body({ duration: 121 })), 400, 'duration');
    refusal(await post(key, body({ duration: 0.5 })), 400, 'duration');
    refusal(await post(key, body({ start_time: -1 })), 400, 'start_time');
    refusal(await post(key, body({ name: 'x'.repeat(101) })), 400, 'name');
    refusal(await post(key, body({ event_id: 'abc' })), 400, 'event_id');
  });

  it('refuses an event the viewer may not watch, one not started, one without a recording, and another channel’s', async () => {
    const key = await verifiedViewer(t);
    refusal(await post(key, body({ event_id: events.upcoming.id })), 403, 'event_id', CLIP_REFUSALS.notWatchable);
    await t.database.db.updateTable('events').set({ access_type: 'free' }).where('id', '=', events.upcoming.id).execute();
    refusal(await post(key, body({ event_id: events.upcoming.id })), 422, 'event_id', CLIP_REFUSALS.notStarted);
    media.withoutRecording.add(events.finished.id);
    try {
      refusal(await post(key, body()), 422, 'event_id', CLIP_REFUSALS.noRecording);
    } finally {
      media.withoutRecording.delete(events.finished.id);
    }
    refusal(await post(key, body({ event_id: events.bravoFinished.id })), 404, 'event_id');
  });

  it('holds the channel limit of clips per viewer, two tabs at once included; deleting one frees it', async () => {
    const key = await verifiedViewer(t);
    // Five asked for at once from several tabs: exactly the three the limit allows are made.
    const answers = await Promise.all(Array.from({ length: 5 }, (_, i) => post(key, body({ name: `Tab ${i}` }))));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 403, 403]);
    refusal(answers.find((r) => r.statusCode === 403)!, 403, 'clips', CLIP_REFUSALS.clipsLimit);
    const first = ClipResponse.parse(answers.find((r) => r.statusCode === 200)!.json()).data;
    const options = ClipOptionsResponse.parse((await get(key, `clips/options?event_id=${events.finished.id}`)).json()).data;
    expect(options).toMatchObject({ can_clip: false, reason: 'limit', clips_left: 0 });

    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/clip/${first.id}?api_key=${key}` });
    expect(MessageResponse.parse(deleted.json()).data.message).toBeTruthy();
    expect((await post(key, body())).statusCode).toBe(200);
  });

  it('deleting a clip while a worker settles it waits its turn instead of deadlocking', async () => {
    const key = await verifiedViewer(t);
    const clip = await readyClip(key, (await created(key)).id);
    // A worker elsewhere holds this clip's job, as the queue's settle does: job row first, clip row next.
    await t.database.db
      .insertInto('clip_jobs')
      .values({ clip_id: clip.id, channel_id: t.channel('alpha').id, attempts: 1, claim: 'elsewhere', lease_until: new Date(Date.now() + 60_000) })
      .execute();
    let deleting: Promise<{ statusCode: number; body: string }> | undefined;
    await t.database.db.transaction().execute(async (tx) => {
      await tx.selectFrom('clip_jobs').select('id').where('clip_id', '=', clip.id).forUpdate().executeTakeFirstOrThrow();
      deleting = t.app.inject({ method: 'DELETE', url: `/api/clip/${clip.id}?api_key=${key}` });
      await new Promise((resolve) => setTimeout(resolve, 300));
      await tx.updateTable('clips').set({ failure_reason: null }).where('id', '=', clip.id).execute();
    });
    const deleted = await deleting!;
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await t.database.db.selectFrom('clips').select('id').where('id', '=', clip.id).executeTakeFirst()).toBeUndefined();
    expect(await t.database.db.selectFrom('clip_jobs').select('id').where('clip_id', '=', clip.id).executeTakeFirst()).toBeUndefined();
  });

  it('a failed clip takes no place in the limit and says why it failed', async () => {
    const key = await verifiedViewer(t);
    media.behaviour = () => ({ kind: 'fail' });
    try {
      const clip = await created(key, { name: 'Doomed' });
      const failed = await readyClip(key, clip.id);
      expect(failed.status).toBe('failed');
      expect(failed.failure_reason).toMatch(/try again/i);
      expect(failed.stream_url).toBeNull();
    } finally {
      media.behaviour = () => ({ kind: 'ok' });
    }
    const profile = ProfileResponse.parse((await get(key, 'profile')).json()).data;
    expect(profile.featureCount).toEqual({ clips: 3, downloads: 2 });
  });
});

describe('lists, profile and options', () => {
  it('lists the viewer’s own clips newest first, per event and in all, and their events with clips', async () => {
    const key = await verifiedViewer(t);
    const other = await verifiedViewer(t);
    const older = await created(key, { name: 'Older' });
    const live = await created(key, { name: 'Live one', event_id: events.live.id, start_time: Date.now() / 1000 - events.live.event_utc_ts - 40, duration: 30 });
    const newer = await created(key, { name: 'Newer' });
    await created(other, { name: 'Not mine' });

    const all = ClipsResponse.parse((await get(key, 'clips/user')).json());
    expect(all.data.map((c) => c.name)).toEqual(['Newer', 'Live one', 'Older']);
    expect(all.meta).toEqual({ total: 3, offset: 0, limit: 24 });
    const page = ClipsResponse.parse((await get(key, 'clips/user?offset=1&limit=1')).json());
    expect(page.data.map((c) => c.id)).toEqual([live.id]);
    const ofEvent = ClipsResponse.parse((await get(key, `clips/event/${events.finished.id}`)).json());
    expect(ofEvent.data.map((c) => c.id)).toEqual([newer.id, older.id]);
    refusal(await get(key, `clips/event/${events.bravoFinished.id}`), 404, 'id');

    const withClip = EventsWithClipResponse.parse((await get(key, 'events/with_clip')).json()).data;
    expect(withClip.map((e) => e.id)).toEqual([events.finished.id, events.live.id]);
    expect(EventsWithClipResponse.parse((await get(await t.keyFor('alpha'), 'events/with_clip')).json()).data).toEqual([]);
    refusal(await get(await t.keyFor('alpha'), 'clips/user'), 401, 'api_key');
  });

  it('GET /profile tells the capabilities with the channel’s grant and what is left of each limit', async () => {
    const key = await verifiedViewer(t);
    let profile = ProfileResponse.parse((await get(key, 'profile')).json()).data;
    expect(profile.capabilities).toEqual(expect.arrayContaining(['clipping', 'download_clip']));
    expect(profile.featureCount).toEqual({ clips: 3, downloads: 2 });
    const clip = await created(key);
    await readyClip(key, clip.id);
    expect((await get(key, `clip/download/${clip.id}`)).statusCode).toBe(200);
    profile = ProfileResponse.parse((await get(key, 'profile')).json()).data;
    expect(profile.featureCount).toEqual({ clips: 2, downloads: 1 });
  });

  it('the registration and login answers tell the same capabilities and counters as GET /profile', async () => {
    const email = `granted-${Date.now()}@example.com`;
    const password = 'touchline-42-blue';
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/v2/auth/register',
      payload: { api_key: await t.keyFor('alpha'), email, password, password_confirmation: password, first_name: 'Ada', last_name: 'Fan', terms: true },
    });
    const session = SessionResponse.parse(registered.json()).data;
    expect(session.user.capabilities).toEqual(expect.arrayContaining(['clipping', 'download_clip']));
    expect(session.user.featureCount).toEqual({ clips: 3, downloads: 2 });
    const login = await t.app.inject({ method: 'POST', url: '/api/v2/auth/login', payload: { api_key: await t.keyFor('alpha'), email, password } });
    const again = SessionResponse.parse(login.json()).data;
    expect(again.user).toEqual(ProfileResponse.parse((await get(again.api_key, 'profile')).json()).data);
  });

  it('GET /clips/options tells a visitor to log in and a viewer what they may do', async () => {
    const visitor = ClipOptionsResponse.parse((await get(await t.keyFor('alpha'), `clips/options?event_id=${events.live.id}`)).json()).data;
    expect(visitor).toMatchObject({ can_clip: false, reason: 'login', clips_left: null, live_seconds: LIVE_CLIP_SECONDS, min_duration: 1, max_duration: 120 });
    expect(visitor.tags.map((tag) => tag.id)).toEqual(['goal', 'save', 'highlight']);
    const viewer = ClipOptionsResponse.parse((await get(await verifiedViewer(t), 'clips/options')).json()).data;
    expect(viewer).toMatchObject({ can_clip: true, can_download_clip: true, can_download_event: false, reason: null, clips_left: 3, downloads_left: 2 });
    const bravo = ClipOptionsResponse.parse((await get(await verifiedViewer(t, 'bravo'), 'clips/options')).json()).data;
    expect(bravo).toMatchObject({ can_clip: false, reason: 'capability', clips_left: DEFAULT_CLIP_MAX_CLIPS });
    refusal(await get(await t.keyFor('alpha'), `clips/options?event_id=${events.bravoFinished.id}`), 404, 'event_id');
  });
});

describe('downloads, deletion and other viewers’ clips', () => {
  it('hands a signed download address of a ready clip, counts it, and refuses past the daily limit', async () => {
    const key = await verifiedViewer(t);
    const clip = await created(key, { name: 'Goal: "top/corner"?' });
    // A clip still being cut is refused. The queue may finish this short cut before the next call,
    // so the refusal is asked of a copy of its row held in `processing`, with no job to settle it.
    const row = await t.database.db.selectFrom('clips').selectAll().where('id', '=', clip.id).executeTakeFirstOrThrow();
    const cutting = await t.database.db
      .insertInto('clips')
      .values({ channel_id: row.channel_id, user_id: row.user_id, event_id: row.event_id, name: row.name, start_time: row.start_time, duration: row.duration, tags: JSON.stringify(row.tags), status: 'processing', failure_reason: null, live: row.live, created_at: new Date(), ready_at: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    try {
      refusal(await get(key, `clip/download/${cutting.id}`), 409, 'id', CLIP_REFUSALS.notReady);
    } finally {
      await t.database.db.deleteFrom('clips').where('id', '=', cutting.id).execute();
    }
    await readyClip(key, clip.id);
    const link = DownloadLinkResponse.parse((await get(key, `clip/download/${clip.id}`)).json()).data;
    expect(link.url).toMatch(/^\/media\/download\/[^/]+\/[^/]+\.mp4$/);
    expect(link.file_name).toBe('Goal top corner.mp4');
    expect(Date.parse(link.expires_at)).toBeGreaterThan(Date.now());
    const token = link.url.split('/').at(-2)!;
    expect(t.app.media.verifyDownload(token)).toMatchObject({ channelId: t.channel('alpha').id, clip: clip.uuid, name: 'Goal top corner.mp4' });
    // A download address is not a stream address.
    expect(t.app.media.verify(token)).toBeNull();
    expect((await get(key, `clip/download/${clip.id}`)).statusCode).toBe(200);
    refusal(await get(key, `clip/download/${clip.id}`), 403, 'downloads', CLIP_REFUSALS.downloadsLimit);
  });

  it('the whole recording needs the download capability', async () => {
    const key = await verifiedViewer(t);
    refusal(await get(key, `download-event/${events.finished.id}`), 403, 'capabilities', CLIP_REFUSALS.downloadEvent);
    const user = await t.database.db.selectFrom('users').select('id').where('channel_id', '=', t.channel('alpha').id).orderBy('id', 'desc').executeTakeFirstOrThrow();
    await t.database.db.updateTable('users').set({ capabilities: JSON.stringify(['download']) }).where('id', '=', user.id).execute();
    const link = DownloadLinkResponse.parse((await get(key, `download-event/${events.finished.id}`)).json()).data;
    expect(link.file_name).toBe('Last season final.mp4');
    expect(t.app.media.verifyDownload(link.url.split('/').at(-2)!)).toMatchObject({ eventId: events.finished.id, name: 'Last season final.mp4' });
    refusal(await get(key, `download-event/${events.live.id}`), 422, 'id', CLIP_REFUSALS.noRecording);
    refusal(await get(key, `download-event/${events.bravoFinished.id}`), 404, 'id');
  });

  it('another viewer’s or another channel’s clip is not found, to read, download or delete', async () => {
    const owner = await verifiedViewer(t);
    const clip = await created(owner);
    await readyClip(owner, clip.id);
    const stranger = await verifiedViewer(t);
    refusal(await get(stranger, `clip/download/${clip.id}`), 404, 'id');
    refusal(await t.app.inject({ method: 'DELETE', url: `/api/clip/${clip.id}?api_key=${stranger}` }), 404, 'id');
    const bravo = await verifiedViewer(t, 'bravo');
    refusal(await t.app.inject({ method: 'DELETE', url: `/api/clip/${clip.id}?api_key=${bravo}` }), 404, 'id');
    expect(ClipsResponse.parse((await get(stranger, `clips/event/${events.finished.id}`)).json()).data).toEqual([]);
    // Still there for its owner.
    expect((await get(owner, `clip/download/${clip.id}`)).statusCode).toBe(200);
  });

  it('deleting a clip removes its files and its share link', async () => {
    const key = await verifiedViewer(t);
    const clip = await created(key);
    await readyClip(key, clip.id);
    const dir = join(mediaDir, 'clips', 'alpha', clip.uuid);
    expect(existsSync(dir)).toBe(true);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/clip/${clip.id}?api_key=${key}` })).statusCode).toBe(200);
    expect(existsSync(dir)).toBe(false);
    refusal(await get(key, `shared-clip/${clip.uuid}`), 404, 'id');
    refusal(await t.app.inject({ method: 'DELETE', url: `/api/clip/${clip.id}?api_key=${key}` }), 404, 'id');
  });
});

describe('the demo channels', () => {
  it('let every logged-in viewer, the seeded demo viewers included, clip and download clips, with tags and limits', async () => {
    const folders = await loadChannelFolders(join(repoRoot, 'channels'));
    expect(folders.length).toBeGreaterThan(0);
    for (const { config } of folders) {
      expect(config.clips?.tags.length, config.slug).toBeGreaterThan(0);
      const capabilities = capabilitiesOf({ capabilities: [] }, config.clips);
      expect([...capabilities], config.slug).toEqual(expect.arrayContaining(['clipping', 'download_clip']));
      expect(config.clips?.limits, config.slug).toMatchObject({ clips: expect.any(Number), downloads: expect.any(Number) });
    }
  });
});
