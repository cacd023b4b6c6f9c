import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLIP_FAILURES } from '@grandstand/contract';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { openDatabase } from '../../core/db/connect.ts';
import { ClipQueue, type ClipQueueOptions } from './queue.ts';
import { ClipsRepository } from './repository.ts';
import { FIXTURE_CHANNELS_DIR, openTestDatabase, type TestDatabase } from '../../../test/helper.ts';
import { loadChannelFolders } from '../../core/channels/loadChannels.ts';
import type { ImportedChannel } from '../channels/import.ts';
import { seedChannel, upsertChannels } from '../channels/seed.ts';
import { startClipWorker } from './worker.ts';
import { testClipMedia, type TestClipMedia } from '../../../test/support/clipMedia.ts';

// The durable clip queue on the database (spec §4 clip lifecycle, §9 five minutes): claims,
// retries, a restart in the middle of a cut, two workers on one database, fairness.
let database: TestDatabase;
let channels: ImportedChannel[];
let repository: ClipsRepository;
let mediaDir: string;
const queues: ClipQueue[] = [];
const target: Record<string, { channelId: number; userId: number; eventId: number }> = {};

beforeAll(async () => {
  database = await openTestDatabase();
  channels = await upsertChannels(database.db, await loadChannelFolders(FIXTURE_CHANNELS_DIR));
  repository = new ClipsRepository(database.db);
  mediaDir = await mkdtemp(join(tmpdir(), 'clips-queue-'));
  for (const slug of ['alpha', 'bravo']) {
    const channelId = channels.find((c) => c.config.slug === slug)!.id;
    const user = await database.db.selectFrom('users').select('id').where('channel_id', '=', channelId).orderBy('id').executeTakeFirstOrThrow();
    const event = await database.db.selectFrom('events').select('id').where('channel_id', '=', channelId).where('stream_status', '=', 'finished').orderBy('id').executeTakeFirstOrThrow();
    target[slug] = { channelId, userId: user.id, eventId: event.id };
  }
});

afterEach(async () => {
  await Promise.all(queues.splice(0).map((queue) => queue.close({ graceMs: 0 })));
  await database.db.deleteFrom('clips').execute();
});

afterAll(async () => {
  await database.close();
  await rm(mediaDir, { recursive: true, force: true });
});

function queue(media: TestClipMedia, options: Partial<ClipQueueOptions> = {}): ClipQueue {
  const made = new ClipQueue({ db: database.db, media, mediaDir, pollMs: 50, retryDelayMs: 20, leaseMs: 5_000, ...options });
  queues.push(made);
  return made;
}

async function queueClip(slug = 'alpha', name = 'Top corner'): Promise<{ id: number; uuid: string }> {
  const { channelId, userId, eventId } = target[slug]!;
  const row = await repository.create({ channelId, userId, eventId, name, startTime: 12.5, duration: 20, tags: ['goal'], live: false }, { clips: 1000, secondsPerDay: 100_000, perPaidEvent: null });
  if (typeof row === 'string') throw new Error(`clip refused: ${row}`);
  return { id: row.id, uuid: row.uuid };
}

async function clip(id: number) {
  return database.db.selectFrom('clips').select(['status', 'failure_reason', 'ready_at']).where('id', '=', id).executeTakeFirst();
}

async function job(clipId: number) {
  return database.db.selectFrom('clip_jobs').selectAll().where('clip_id', '=', clipId).executeTakeFirst();
}

async function until<T>(check: () => Promise<T | undefined | null | false>, timeoutMs = 10_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const settled = (id: number) => until(async () => ((await clip(id))?.status === 'ready' || (await clip(id))?.status === 'failed') && clip(id));

describe('the clip queue', () => {
  it('cuts a queued clip into its folder and marks it ready, leaving no job and no partial folder', async () => {
    const media = testClipMedia();
    const { id, uuid } = await queueClip();
    queue(media).start();
    const done = await settled(id);
    expect(done).toMatchObject({ status: 'ready', failure_reason: null });
    expect(done!.ready_at).toBeInstanceOf(Date);
    expect(await job(id)).toBeUndefined();
    const dir = media.clipDir(mediaDir, 'alpha', uuid);
    expect((await readdir(dir)).sort()).toEqual(['clip.mp4', 'index.m3u8', 'poster.jpg', 'poster.webp', 'seg0.m4s']);
    expect((await readdir(join(mediaDir, 'clips', 'alpha'))).filter((name) => name.startsWith('.work-'))).toEqual([]);
    expect(media.cuts).toEqual([{ uuid, event: expect.objectContaining({ channelSlug: 'alpha', eventId: target.alpha!.eventId, live: false }), start: 12.5, duration: 20 }]);
  });

  it('tries a failing cut again, and after three attempts fails the clip with a reason a viewer can act on', async () => {
    const media = testClipMedia();
    media.behaviour = () => ({ kind: 'fail' });
    const { id } = await queueClip();
    queue(media).start();
    expect(await settled(id)).toMatchObject({ status: 'failed', failure_reason: CLIP_FAILURES.cut });
    expect(media.cuts).toHaveLength(3);
    expect(await job(id)).toBeUndefined();
  });

  it('a cut that fails once and then succeeds makes a ready clip', async () => {
    const media = testClipMedia();
    media.behaviour = (_uuid, attempt) => (attempt === 1 ? { kind: 'fail' } : { kind: 'ok' });
    const { id } = await queueClip();
    queue(media).start();
    expect(await settled(id)).toMatchObject({ status: 'ready' });
    expect(media.cuts).toHaveLength(2);
  });

  it('after a restart during processing, the job whose lease lapsed is claimed again and finished', async () => {
    const crashed = testClipMedia();
    crashed.behaviour = () => ({ kind: 'hang' });
    const { id } = await queueClip();
    const first = queue(crashed, { leaseMs: 300 });
    first.start();
    await until(async () => (await clip(id))?.status === 'processing');
    // The process dies: nothing is written back, the claim stays until its lease lapses.
    await first.close({ graceMs: 0, release: false });
    expect(await clip(id)).toMatchObject({ status: 'processing' });
    expect(await job(id)).toMatchObject({ attempts: 1 });

    const media = testClipMedia();
    const second = queue(media, { leaseMs: 300 });
    second.start();
    expect(await settled(id)).toMatchObject({ status: 'ready' });
    expect(media.cuts).toHaveLength(1);
  });

  it('a job whose last attempt died with its process is failed with a reason when its lease lapses', async () => {
    const { id } = await queueClip();
    await database.db.updateTable('clip_jobs').set({ attempts: 3, claim: 'a-process-that-died', lease_until: sql<Date>`now() - interval '1 second'` }).where('clip_id', '=', id).execute();
    await database.db.updateTable('clips').set({ status: 'processing' }).where('id', '=', id).execute();
    const media = testClipMedia();
    queue(media).start();
    expect(await settled(id)).toMatchObject({ status: 'failed', failure_reason: CLIP_FAILURES.cut });
    expect(media.cuts).toHaveLength(0);
  });

  it('a clip asked for more than five minutes ago is failed, not cut', async () => {
    const { id } = await queueClip();
    await database.db.updateTable('clip_jobs').set({ queued_at: sql<Date>`now() - interval '6 minutes'` }).where('clip_id', '=', id).execute();
    const media = testClipMedia();
    queue(media).start();
    expect(await settled(id)).toMatchObject({ status: 'failed', failure_reason: CLIP_FAILURES.tooLong });
    expect(media.cuts).toHaveLength(0);
  });

  it('a cut still going at the clip deadline is stopped and the clip failed', async () => {
    const media = testClipMedia();
    media.behaviour = () => ({ kind: 'hang' });
    const { id, uuid } = await queueClip();
    queue(media, { limitMs: 400 }).start();
    expect(await settled(id)).toMatchObject({ status: 'failed', failure_reason: CLIP_FAILURES.tooLong });
    expect(existsSync(media.clipDir(mediaDir, 'alpha', uuid))).toBe(false);
  });

  it('a stopping worker hands its unfinished cuts back to the queue without counting the attempt', async () => {
    const media = testClipMedia();
    media.behaviour = () => ({ kind: 'hang' });
    const { id } = await queueClip();
    const stopping = queue(media);
    stopping.start();
    await until(async () => (await clip(id))?.status === 'processing');
    await stopping.close({ graceMs: 50 });
    expect(stopping.stats.released).toBe(1);
    expect(await clip(id)).toMatchObject({ status: 'queued' });
    expect(await job(id)).toMatchObject({ attempts: 0, claim: null, lease_until: null });
  });

  it('a stopping worker lets a cut that ends within the grace finish', async () => {
    const media = testClipMedia();
    media.behaviour = () => ({ kind: 'ok', delayMs: 150 });
    const { id } = await queueClip();
    const stopping = queue(media);
    stopping.start();
    await until(async () => (await clip(id))?.status === 'processing');
    await stopping.close({ graceMs: 5_000 });
    expect(await clip(id)).toMatchObject({ status: 'ready' });
  });

  it('a clip deleted while it is cut leaves no files and no ready row', async () => {
    const media = testClipMedia();
    media.behaviour = () => ({ kind: 'ok', delayMs: 200 });
    const { id, uuid } = await queueClip();
    const worker = queue(media);
    worker.start();
    await until(async () => (await clip(id))?.status === 'processing');
    await database.db.deleteFrom('clips').where('id', '=', id).execute();
    await until(async () => worker.busy === 0);
    expect(existsSync(media.clipDir(mediaDir, 'alpha', uuid))).toBe(false);
    expect(worker.stats.ready).toBe(0);
  });

  it('two workers on one database cut 20 clips, each exactly once', async () => {
    const media = testClipMedia();
    media.behaviour = () => ({ kind: 'ok', delayMs: 15 });
    const ids: number[] = [];
    for (let i = 0; i < 20; i++) ids.push((await queueClip(i % 2 ? 'alpha' : 'bravo', `Clip ${i}`)).id);
    const one = queue(media);
    // On PostgreSQL the second worker has a pool of its own, as another process would.
    const second = database.connectionString ? await openDatabase({ kind: 'postgres', connectionString: database.connectionString }) : null;
    const two = queue(media, second ? { db: second.db } : {});
    if (second) {
      onTestFinished(async () => {
        await two.close({ graceMs: 0 });
        await second.close();
      });
    }
    one.start();
    two.start();
    await until(async () => {
      const row = await database.db.selectFrom('clips').select((eb) => eb.fn.countAll<string | number>().as('n')).where('id', 'in', ids).where('status', '=', 'ready').executeTakeFirstOrThrow();
      return Number(row.n) === 20;
    }, 15_000);
    const perClip = new Map<string, number>();
    for (const cut of media.cuts) perClip.set(cut.uuid, (perClip.get(cut.uuid) ?? 0) + 1);
    expect(perClip.size).toBe(20);
    expect([...perClip.values()].every((n) => n === 1)).toBe(true);
    expect(one.stats.ready + two.stats.ready).toBe(20);
    expect(one.stats.ready).toBeGreaterThan(0);
    expect(two.stats.ready).toBeGreaterThan(0);
    expect(await database.db.selectFrom('clip_jobs').selectAll().execute()).toEqual([]);
  });

  it('is fair across channels: a channel with one clip is not held up by another channel with many', async () => {
    const media = testClipMedia();
    media.behaviour = () => ({ kind: 'ok', delayMs: 30 });
    for (let i = 0; i < 10; i++) await queueClip('alpha', `Alpha ${i}`);
    const bravo = await queueClip('bravo', 'Bravo only');
    queue(media, { concurrency: 2 }).start();
    await settled(bravo.id);
    // The second cut started is bravo's: alpha had one being cut, bravo none.
    expect(media.cuts.findIndex((cut) => cut.uuid === bravo.uuid)).toBeLessThanOrEqual(1);
  });

  it('is fair between viewers of one channel: one viewer’s flood does not hold up another viewer’s clip', async () => {
    const { channelId, eventId } = target.alpha!;
    const other = await database.db
      .insertInto('users')
      .values({ channel_id: channelId, email: `fair-${Date.now()}@example.com`, password_hash: null, first_name: 'Fair', last_name: 'Viewer', email_verified_at: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const media = testClipMedia();
    media.behaviour = () => ({ kind: 'ok', delayMs: 30 });
    for (let i = 0; i < 10; i++) await queueClip('alpha', `Flood ${i}`);
    const row = await repository.create({ channelId, userId: other.id, eventId, name: 'Mine', startTime: 1, duration: 5, tags: ['goal'], live: false }, { clips: 10, secondsPerDay: 1000, perPaidEvent: null });
    if (typeof row === 'string') throw new Error(`clip refused: ${row}`);
    queue(media, { concurrency: 1 }).start();
    await settled(row.id);
    // One at a time: the flood's first, then the other viewer's turn, not the flood's ten.
    expect(media.cuts.findIndex((cut) => cut.uuid === row.uuid)).toBe(1);
  });

  it('the worker command cuts queued clips, and on stop hands back what it has not finished', async () => {
    const media = testClipMedia();
    media.behaviour = (_uuid, attempt) => (attempt === 1 ? { kind: 'ok' } : { kind: 'hang' });
    const lines: string[] = [];
    const first = await queueClip();
    const worker = startClipWorker({ db: database.db, media, mediaDir, workers: 0, log: (line) => lines.push(line) });
    expect(await settled(first.id)).toMatchObject({ status: 'ready' });
    // The next one hangs: stopping hands it back, ready for another worker.
    media.behaviour = () => ({ kind: 'hang' });
    const second = await queueClip();
    await until(async () => (await clip(second.id))?.status === 'processing');
    await worker.stop(50);
    expect(await clip(second.id)).toMatchObject({ status: 'queued' });
    expect(lines).toEqual(['clip worker: cutting up to 2 clips at once', 'clip worker stopped (1 cut under way: 1 handed back)']);
  });

  it('a re-seed of the channel keeps its events (their ids), so their clips, jobs and download counts stay', async () => {
    const { id } = await queueClip();
    const { channelId, userId, eventId } = target.alpha!;
    expect(await repository.recordDownload({ channelId, userId, kind: 'event', eventId }, 10)).toBe(true);
    const usage = await repository.usage(channelId, userId);
    const before = [await clip(id), await job(id)];
    await seedChannel(database.db, channels.find((c) => c.config.slug === 'alpha')!);
    expect(before[0]).toBeDefined();
    expect([await clip(id), await job(id)]).toEqual(before);
    expect(await repository.usage(channelId, userId)).toEqual(usage);
  });
});
