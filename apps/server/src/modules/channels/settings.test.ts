import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiErrorBody, ChannelSettingsResponse, CLIP_REFUSAL_CODES, ClipResponse, ClipsResponse, ConsoleChannelSettingsResponse, CONSOLE_CODES, EventDetailResponse, NewTokenResponse, ProfileResponse } from '@grandstand/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { testClipMedia } from '../../../test/support/clipMedia.ts';
import { buyEvent, verifiedViewer } from '../../../test/support/clipViewers.ts';
import { MIB } from '../clips/limits.ts';
import { consoleCall, hostOf, makeOperator, signIn } from '../operators/testing.ts';

/**
 * A channel owner's settings (spec §1 admin dashboard; server README, Security): clip limits, the
 * clip disk quota and sharing rule, the stream address lifetime, the live ladder and device
 * linking, each the server's default until the owner sets it. Only the channel's owners change
 * them; a bad value is refused naming it; a change is audited and applies to the next request,
 * here and on another instance, with no restart.
 */

const TTL = 120;
let clock = Math.floor(Date.now() / 1000);
const media = testClipMedia();
let mediaDir: string;
let t: TestApp;
let alpha: number;
const sessions: Record<string, string> = {};

function call(method: 'GET' | 'PUT', credential: string | undefined, payload?: unknown, slug = 'alpha'): Promise<LightMyRequestResponse> {
  const host = hostOf(slug);
  const headers: Record<string, string> = { host, origin: `http://${host}` };
  if (credential?.startsWith('gsc_')) headers.authorization = `Bearer ${credential}`;
  else if (credential !== undefined) headers.cookie = `grandstand_console=${credential}`;
  return t.app.inject({ method, url: '/api/console/channel/settings', headers, ...(payload === undefined ? {} : { payload: payload as object }) });
}

async function put(payload: unknown) {
  const response = await call('PUT', sessions.owner, payload);
  expect(response.statusCode, response.body).toBe(200);
  return ConsoleChannelSettingsResponse.parse(response.json());
}

function refused(response: LightMyRequestResponse, status: number, field: string) {
  expect(response.statusCode, response.body).toBe(status);
  const error = ApiErrorBody.parse(response.json());
  expect(error.field).toBe(field);
  expect(error.code).toBeTruthy();
  expect(error.message.length).toBeGreaterThan(0);
}

async function auditRows() {
  return t.app.db.selectFrom('audit_log').select(['action', 'before', 'after', 'actor_label']).where('channel_id', '=', alpha).where('action', '=', 'channel.settings').orderBy('id').execute();
}

beforeAll(async () => {
  mediaDir = await mkdtemp(join(tmpdir(), 'channel-settings-'));
  // Cuts hang: a clip asked for stays queued, and counts against the disk quota by its estimate.
  media.behaviour = () => ({ kind: 'hang' });
  t = await buildTestApp({
    media: { dir: join(mediaDir, randomUUID()), tokenTtlSeconds: TTL, now: () => clock },
    // Enough cutters that the clips left hanging do not hold up the one a test waits for.
    clips: { media, workers: 8, queue: { pollMs: 50, retryDelayMs: 20 }, limits: { rateMax: 10_000, addressRateMax: 10_000, clips: 20, secondsPerDay: 600, downloadsPerDay: 10, storageQuotaBytes: 512 * MIB }, storageTtlMs: 0 },
  });
  alpha = t.channel('alpha').id;
  const bravo = t.channel('bravo').id;
  for (const role of ['owner', 'producer', 'support', 'analyst'] as const) {
    await makeOperator(t.app, `${role}@alpha.test`, [[alpha, role]]);
    sessions[role] = await signIn(t.app, 'alpha', `${role}@alpha.test`);
  }
  await makeOperator(t.app, 'owner@bravo.test', [[bravo, 'owner']]);
  sessions.bravoOwner = await signIn(t.app, 'bravo', 'owner@bravo.test');
  const token = await consoleCall(t.app, 'alpha', { method: 'POST', url: '/tokens', credential: sessions.owner, payload: { name: 'Settings tool', role: 'owner' } });
  sessions.ownerToken = NewTokenResponse.parse(token.json()).token;
});

afterAll(async () => {
  await t.close();
  await rm(mediaDir, { recursive: true, force: true });
});

describe('who may read and change the settings', () => {
  it('answers 401 without a session', async () => {
    for (const method of ['GET', 'PUT'] as const) {
      const response = await call(method, undefined, method === 'PUT' ? { live: { ladder: true } } : undefined);
      expect(response.statusCode, method).toBe(401);
      expect(response.json().code).toBe(CONSOLE_CODES.signedOut);
    }
  });

  it('refuses producers, support, analysts, an owner token and another channel’s owner (403), and changes nothing', async () => {
    for (const credential of [sessions.producer, sessions.support, sessions.analyst, sessions.ownerToken, sessions.bravoOwner]) {
      for (const method of ['GET', 'PUT'] as const) {
        const response = await call(method, credential, method === 'PUT' ? { live: { ladder: true } } : undefined);
        expect(response.statusCode, `${method} ${credential!.slice(0, 6)}`).toBe(403);
        expect(response.json().code).toBe(CONSOLE_CODES.forbidden);
      }
    }
    expect(t.app.channels.byId(alpha)!.config.live?.ladder ?? false).toBe(false);
    expect(await auditRows()).toEqual([]);
  });

  it('refuses a cookie-session write from another origin', async () => {
    const response = await t.app.inject({ method: 'PUT', url: '/api/console/channel/settings', headers: { host: hostOf('alpha'), origin: 'http://evil.test', cookie: `grandstand_console=${sessions.owner}` }, payload: { live: { ladder: true } } });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe(CONSOLE_CODES.origin);
  });
});

describe('the settings an owner sees', () => {
  it('are the channel’s where it set them, the server’s defaults otherwise', async () => {
    const response = await call('GET', sessions.owner);
    expect(response.statusCode, response.body).toBe(200);
    const answer = ConsoleChannelSettingsResponse.parse(response.json());
    // The fixture's channel.json sets 3 clips and 2 downloads; the rest is the server's.
    expect(answer).toEqual({
      settings: {
        clips: { max_clips: 3, seconds_per_day: null, downloads_per_day: 2, storage_quota_mb: null, public_paid_shares: false, shares_per_event: 5 },
        stream: { token_lifetime_seconds: null },
        live: { ladder: false },
        devices: { enabled: true, remote_auth: false, remote_auth_url: null },
        geo: { blocked_countries: [] },
      },
      defaults: { clips: { max_clips: 20, seconds_per_day: 600, downloads_per_day: 10, storage_quota_mb: 512 }, stream: { token_lifetime_seconds: TTL } },
      clips_enabled: true,
    });
  });
});

describe('a change applies to the next request, without a restart', () => {
  async function registerEvent(): Promise<number> {
    const row = await t.app.db.selectFrom('events').select('id').where('channel_id', '=', alpha).where('access_type', '=', 'register').where('stream_status', '=', 'finished').orderBy('id').executeTakeFirstOrThrow();
    return row.id;
  }
  const clipBody = (eventId: number) => ({ event_id: eventId, name: 'Top corner', start_time: 30, duration: 20, tags: ['goal'] });
  const postClip = (key: string, eventId: number) => t.app.inject({ method: 'POST', url: '/api/clip', payload: { api_key: key, ...clipBody(eventId) } });
  const profile = async (key: string) => ProfileResponse.parse((await t.app.inject({ url: `/api/profile?api_key=${key}` })).json()).data;

  it('clip limits: a viewer’s count and their next clip follow the owner’s number, and back to the default when cleared', async () => {
    const eventId = await registerEvent();
    const key = await verifiedViewer(t);
    expect((await profile(key)).featureCount).toEqual({ clips: 3, downloads: 2 });
    const changed = await put({ clips: { max_clips: 1, downloads_per_day: null, seconds_per_day: 900 } });
    expect(changed.settings.clips).toMatchObject({ max_clips: 1, downloads_per_day: null, seconds_per_day: 900 });
    expect((await profile(key)).featureCount).toEqual({ clips: 1, downloads: 10 });
    expect((await postClip(key, eventId)).statusCode).toBe(200);
    refused(await postClip(key, eventId), 403, 'clips');
    await put({ clips: { max_clips: null } });
    expect((await profile(key)).featureCount).toEqual({ clips: 19, downloads: 10 });
    expect((await postClip(key, eventId)).statusCode).toBe(200);
  });

  it('the clip disk quota: a channel past its own quota refuses new clips, and /health shows it', async () => {
    const eventId = await registerEvent();
    const key = await verifiedViewer(t);
    // The queued clips of the test before are estimated at 450 kB a second: over 1 MiB, under 512.
    await put({ clips: { storage_quota_mb: 1 } });
    const refusal = await postClip(key, eventId);
    refused(refusal, 507, 'request');
    expect(refusal.json().code).toBe(CLIP_REFUSAL_CODES.storageFull);
    const health = (await t.app.inject({ url: '/health' })).json() as { clip_storage: { channels: { slug: string; quota_bytes: number; full: boolean }[] } };
    expect(health.clip_storage.channels).toEqual(expect.arrayContaining([expect.objectContaining({ slug: 'alpha', quota_bytes: MIB, full: true }), expect.objectContaining({ slug: 'bravo', quota_bytes: 512 * MIB, full: false })]));
    await put({ clips: { storage_quota_mb: null } });
    expect((await postClip(key, eventId)).statusCode).toBe(200);
  });

  it('the sharing rule and clips per paid game: the next clip and the next answer follow them', async () => {
    const eventId = await registerEvent();
    const key = await verifiedViewer(t);
    // The finished game turns paid for this test, and the viewer holds it, as in the clips' own tests.
    const before = await t.app.db.selectFrom('events').select(['access_type', 'base_price']).where('id', '=', eventId).executeTakeFirstOrThrow();
    await t.app.db.updateTable('events').set({ access_type: 'paid', base_price: 5 }).where('id', '=', eventId).execute();
    await buyEvent(t, key, eventId);
    media.behaviour = () => ({ kind: 'ok' });
    try {
      await put({ clips: { shares_per_event: 1 } });
      const response = await postClip(key, eventId);
      expect(response.statusCode, response.body).toBe(200);
      const clip = ClipResponse.parse(response.json()).data;
      refused(await postClip(key, eventId), 403, 'event_id');
      const streamUrl = async () => {
        for (let i = 0; i < 200; i++) {
          const found = ClipsResponse.parse((await t.app.inject({ url: `/api/clips/user?limit=100&api_key=${key}` })).json()).data.find((c) => c.id === clip.id);
          if (found?.status === 'ready') return found.stream_url;
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
        throw new Error('the clip never became ready');
      };
      // By default a paid game's clip plays under a signed, short-lived address only.
      expect(await streamUrl()).toMatch(/^\/media\/s\//);
      await put({ clips: { public_paid_shares: true } });
      expect(await streamUrl()).toMatch(/^\/media\/clips\/alpha\//);
    } finally {
      media.behaviour = () => ({ kind: 'hang' });
      await t.app.db.updateTable('events').set({ access_type: before.access_type, base_price: Number(before.base_price) }).where('id', '=', eventId).execute();
      await put({ clips: { public_paid_shares: false, shares_per_event: 5 } });
    }
  });

  it('the stream lifetime: the next stream address works for the channel’s seconds and says so', async () => {
    const eventId = await registerEvent();
    const key = await verifiedViewer(t);
    const stream = async () => {
      const response = await t.app.inject({ url: `/api/events/${eventId}?api_key=${key}` });
      const detail = EventDetailResponse.parse(response.json()).data;
      return { expiresIn: detail.stream!.expires_in, url: detail.stream!.url, expiresAt: t.app.media.verify(detail.stream!.url.split('/')[3]!)!.expiresAt };
    };
    const before = await stream();
    expect(before).toMatchObject({ expiresIn: TTL, expiresAt: clock + TTL });
    await put({ stream: { token_lifetime_seconds: 45 } });
    try {
      const after = await stream();
      expect(after).toMatchObject({ expiresIn: 45, expiresAt: clock + 45 });
      // The address works within its 45 s and not after.
      expect((await t.app.inject({ url: after.url })).statusCode).not.toBe(403);
      clock += 46;
      expect((await t.app.inject({ url: after.url })).statusCode).toBe(403);
    } finally {
      await put({ stream: { token_lifetime_seconds: null } });
    }
    expect((await stream()).expiresIn).toBe(TTL);
  });

  it('the live ladder: the packager reads it from the channel as it starts the next game', async () => {
    await put({ live: { ladder: true } });
    expect(t.app.channels.byId(alpha)!.config.live).toEqual({ ladder: true });
    await put({ live: { ladder: false } });
    expect(t.app.channels.byId(alpha)!.config.live).toEqual({ ladder: false });
  });

  it('device linking: the site’s next settings answer sends the link-device page to the channel’s address', async () => {
    const key = await t.keyFor('alpha');
    const settings = async () => ChannelSettingsResponse.parse((await t.app.inject({ url: `/api/settings?api_key=${key}` })).json()).data;
    expect(await settings()).toMatchObject({ auth: { remote_auth: 0 }, remoteAuth: null });
    await put({ devices: { remote_auth: true, remote_auth_url: 'https://link.example.com/device' } });
    expect(await settings()).toMatchObject({ auth: { remote_auth: 1 }, remoteAuth: 'https://link.example.com/device' });
    await put({ devices: { remote_auth: false, remote_auth_url: null } });
    expect(await settings()).toMatchObject({ auth: { remote_auth: 0 }, remoteAuth: null });
  });

  it('device linking off: the site’s settings say so, the owner’s page reads it back, and on again', async () => {
    const key = await t.keyFor('alpha');
    const settings = async () => ChannelSettingsResponse.parse((await t.app.inject({ url: `/api/settings?api_key=${key}` })).json()).data;
    expect(await settings()).toMatchObject({ auth: { device_linking: 1 } });
    const off = await put({ devices: { enabled: false } });
    expect(off.settings.devices).toMatchObject({ enabled: false });
    expect(await settings()).toMatchObject({ auth: { remote_auth: 0, device_linking: 0 } });
    const on = await put({ devices: { enabled: true } });
    expect(on.settings.devices).toMatchObject({ enabled: true });
    expect(await settings()).toMatchObject({ auth: { device_linking: 1 } });
  });

  it('writes every change to the audit log with before and after, naming the owner', async () => {
    const rows = await auditRows();
    expect(rows.length).toBeGreaterThan(5);
    expect(rows[0]).toMatchObject({ actor_label: expect.stringContaining('owner@alpha.test') });
    const first = rows[0]!;
    expect(first.before).toMatchObject({ clips: { max_clips: 3, seconds_per_day: null } });
    expect(first.after).toMatchObject({ clips: { max_clips: 1, seconds_per_day: 900 } });
  });

  it('another instance on the same database applies the change at its next request', async () => {
    const second = await buildApp({ db: t.database.db, channels: t.channels, logger: false, sitesDir: '/nonexistent-sites', media: { tokenTtlSeconds: TTL } });
    await second.ready();
    try {
      const eventId = await registerEvent();
      const key = await verifiedViewer(t);
      const expiresIn = async () => EventDetailResponse.parse((await second.inject({ url: `/api/events/${eventId}?api_key=${key}` })).json()).data.stream!.expires_in;
      expect(await expiresIn()).toBe(TTL);
      await put({ stream: { token_lifetime_seconds: 300 } });
      const started = Date.now();
      while ((await expiresIn()) !== 300) {
        expect(Date.now() - started, 'the other instance still hands out the old lifetime').toBeLessThan(2000);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    } finally {
      await second.close();
      await put({ stream: { token_lifetime_seconds: null } });
    }
  });
});

describe('bad values', () => {
  it('are refused naming the setting, and change nothing', async () => {
    const before = (await call('GET', sessions.owner)).json();
    const audited = (await auditRows()).length;
    const cases: Array<[unknown, string]> = [
      [{ clips: { max_clips: 0 } }, 'clips.max_clips'],
      [{ clips: { max_clips: 2.5 } }, 'clips.max_clips'],
      [{ clips: { seconds_per_day: 'ten' } }, 'clips.seconds_per_day'],
      [{ clips: { downloads_per_day: -1 } }, 'clips.downloads_per_day'],
      [{ clips: { storage_quota_mb: 2_000_000 } }, 'clips.storage_quota_mb'],
      [{ clips: { shares_per_event: null } }, 'clips.shares_per_event'],
      [{ clips: { public_paid_shares: 'yes' } }, 'clips.public_paid_shares'],
      [{ clips: { rate: 3 } }, 'clips.rate'],
      [{ stream: { token_lifetime_seconds: 5 } }, 'stream.token_lifetime_seconds'],
      [{ stream: { token_lifetime_seconds: 86_400 } }, 'stream.token_lifetime_seconds'],
      [{ live: { ladder: 'on' } }, 'live.ladder'],
      [{ devices: { remote_auth_url: 'javascript:alert(1)' } }, 'devices.remote_auth_url'],
      [{ devices: { remote_auth_url: 'http://link.example.com/device' } }, 'devices.remote_auth_url'],
      [{ devices: { remote_auth_url: 'https://user:pass@link.example.com/' } }, 'devices.remote_auth_url'],
      // On, with no address to send viewers to.
      [{ devices: { remote_auth: true } }, 'devices.remote_auth_url'],
      [{ quota: 1 }, 'quota'],
    ];
    for (const [payload, field] of cases) refused(await call('PUT', sessions.owner, payload), 400, field);
    expect((await call('GET', sessions.owner)).json()).toEqual(before);
    expect(await auditRows()).toHaveLength(audited);
  });

  it('a channel that offers no clips refuses clip settings, naming the first', async () => {
    const row = await t.app.db.selectFrom('channels').select('config').where('id', '=', alpha).executeTakeFirstOrThrow();
    const { clips, ...withoutClips } = row.config as Record<string, unknown>;
    await t.app.db.updateTable('channels').set({ config: JSON.stringify(withoutClips) }).where('id', '=', alpha).execute();
    await t.app.channels.refresh(t.app.db, alpha);
    try {
      expect(ConsoleChannelSettingsResponse.parse((await call('GET', sessions.owner)).json()).clips_enabled).toBe(false);
      refused(await call('PUT', sessions.owner, { clips: { downloads_per_day: 4 } }), 409, 'clips.downloads_per_day');
      // The rest still applies.
      expect((await put({ live: { ladder: false } })).clips_enabled).toBe(false);
    } finally {
      await t.app.db.updateTable('channels').set({ config: JSON.stringify({ ...withoutClips, clips }) }).where('id', '=', alpha).execute();
      await t.app.channels.refresh(t.app.db, alpha);
    }
  });
});
