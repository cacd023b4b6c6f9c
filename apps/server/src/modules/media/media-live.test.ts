import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, readlinkSync, symlinkSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAlive, LiveEncoders } from '../../core/media/live.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';

// Real ffmpeg at a tiny size, as src/modules/media/media.test.ts runs it: the supervision is of real processes.
const TINY_LIVE = { width: 160, height: 90, fps: 10, videoKbps: 80 };
const SECRET = 'media-live-test-secret-0123456789abcdef';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'grandstand-live-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The ffmpeg processes working in a folder, read from /proc (whoever started them). */
function ffmpegsIn(folder: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes('ffmpeg') && readlinkSync(`/proc/${entry}/cwd`) === folder) pids.push(Number(entry));
    } catch {
      // Gone meanwhile, or not ours to read.
    }
  }
  return pids;
}

/**
 * An FFMPEG_PATH with nothing there yet, and how to fix it: put the real ffmpeg (found on PATH) at
 * that path, as an operator who installs it would.
 */
function missingFfmpeg(name: string): { path: string; fix(): void } {
  const folder = join(dir, name);
  mkdirSync(folder, { recursive: true });
  const path = join(folder, 'ffmpeg');
  const real = execFileSync('sh', ['-c', 'command -v ffmpeg'], { encoding: 'utf8' }).trim();
  return { path, fix: () => symlinkSync(real, path) };
}

describe('a live signal that fails to start', () => {
  it('is retried with the backoff, once per failure, and comes up once ffmpeg can start', async () => {
    const warnings: string[] = [];
    // A bad FFMPEG_PATH: the spawn fails with ENOENT (`error`, then `close`; never `exit`).
    const ffmpeg = missingFfmpeg('retry-bin');
    const live = new LiveEncoders({ dir: join(dir, 'retry'), quality: TINY_LIVE, ffmpegPath: ffmpeg.path, log: { info: () => {}, warn: (message) => warnings.push(message) } });
    try {
      await live.ensure({ channelSlug: 'alpha', eventId: 1, name: 'Retry', timeZone: 'UTC' });
      await expect.poll(() => warnings.length, { timeout: 5000, interval: 50 }).toBeGreaterThan(0);
      expect(warnings[0]).toContain('ENOENT');
      // The path is fixed before the first retry (1 s later).
      ffmpeg.fix();

      expect(await live.waitForPlaylist('alpha', 1, 15_000)).toBe(true);
      // Past the second backoff (2 s): a duplicate restart would have shown by now.
      await new Promise((resolve) => setTimeout(resolve, 2500));
      expect(warnings.filter((w) => w.includes('restarting'))).toHaveLength(1);
      expect(live.pids()).toHaveLength(1);
      expect(ffmpegsIn(live.dirOf('alpha', 1))).toEqual(live.pids());
    } finally {
      await live.stopAll();
    }
  }, 30_000);

  it('can be stopped while it waits for its restart, and nothing starts afterwards', async () => {
    const ffmpeg = missingFfmpeg('stop-waiting-bin');
    const live = new LiveEncoders({ dir: join(dir, 'stop-waiting'), quality: TINY_LIVE, ffmpegPath: ffmpeg.path });
    try {
      await live.ensure({ channelSlug: 'alpha', eventId: 2, name: 'Stopped', timeZone: 'UTC' });
      await new Promise((resolve) => setTimeout(resolve, 200));
      await live.stop('alpha', 2);
      ffmpeg.fix();
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(live.isRunning('alpha', 2)).toBe(false);
      expect(ffmpegsIn(live.dirOf('alpha', 2))).toEqual([]);
    } finally {
      await live.stopAll();
    }
  }, 10_000);
});

describe('a live signal whose event is no longer live', () => {
  let t: TestApp | undefined;

  afterAll(async () => {
    await t?.close();
  });

  async function liveEventOf(app: TestApp, slug: string) {
    const row = await app.database.db
      .selectFrom('events')
      .select(['id', 'name', 'time_zone'])
      .where('channel_id', '=', app.channel(slug).id)
      .where('stream_status', '=', 'live')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    return { id: Number(row.id), info: { channelSlug: slug, eventId: Number(row.id), name: row.name, timeZone: row.time_zone } };
  }

  async function setStatus(app: TestApp, eventId: number, status: string) {
    await app.database.db.updateTable('events').set({ stream_status: status }).where('id', '=', eventId).execute();
  }

  it('is stopped within the check interval once the event is finished in the database', async () => {
    t = await buildTestApp({ media: { dir: join(dir, 'finished'), secret: SECRET, live: 'on-demand', liveQuality: TINY_LIVE, liveCheckIntervalMs: 500 } });
    const { app } = t;
    await app.ready();
    const event = await liveEventOf(t, 'alpha');
    const first = await app.inject({ url: app.media.streamUrl({ channelId: t.channel('alpha').id, eventId: event.id, live: true, sessionId: 1 }) });
    expect(first.statusCode).toBe(200);
    const [pid] = app.media.live.pids();
    expect(pid).toBeDefined();

    // Straight in the database, as an operator or another instance would: no notice, no request.
    await setStatus(t, event.id, 'finished');
    await expect.poll(() => app.media.live.isRunning('alpha', event.id), { timeout: 3000, interval: 100 }).toBe(false);
    await expect.poll(() => isAlive(pid as number), { timeout: 4000, interval: 100 }).toBe(false);
    await t.close();
    t = undefined;
  }, 30_000);

  it('is stopped at once when a seed changes the channel (the data-changed notice), without waiting for the timer', async () => {
    t = await buildTestApp({ media: { dir: join(dir, 'notice'), secret: SECRET, live: 'on-demand', liveQuality: TINY_LIVE, liveCheckIntervalMs: 0 } });
    const { app } = t;
    const event = await liveEventOf(t, 'alpha');
    await app.media.live.ensure(event.info);
    expect(app.media.live.isRunning('alpha', event.id)).toBe(true);

    await setStatus(t, event.id, 'upcoming');
    t.app.dataChanged.emit(t.channel('alpha').id);
    await expect.poll(() => app.media.live.isRunning('alpha', event.id), { timeout: 2000, interval: 50 }).toBe(false);
    await t.close();
    t = undefined;
  }, 30_000);

  it('is stopped on the next request of its stream when the event has finished', async () => {
    t = await buildTestApp({ media: { dir: join(dir, 'access'), secret: SECRET, live: 'on-demand', liveQuality: TINY_LIVE, liveCheckIntervalMs: 0 } });
    const { app } = t;
    const event = await liveEventOf(t, 'bravo');
    await app.media.live.ensure(event.info);
    expect(app.media.live.isRunning('bravo', event.id)).toBe(true);

    await setStatus(t, event.id, 'finished');
    await app.inject({ url: app.media.streamUrl({ channelId: t.channel('bravo').id, eventId: event.id, live: false, sessionId: 1 }) });
    expect(app.media.live.isRunning('bravo', event.id)).toBe(false);
    await t.close();
    t = undefined;
  }, 30_000);
});
