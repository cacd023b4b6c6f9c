import { randomUUID } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import { basename, dirname, join, relative, sep } from 'node:path';
import { CLIP_FAILURES, CLIP_PROCESSING_LIMIT_MS } from '@grandstand/contract';
import { sql } from 'kysely';
import type { Database } from '../../core/db/schema.ts';
import { LocalMediaStorage, type MediaStorage } from '../../core/media/storage/index.ts';
import type { ClipMedia, ClipSourceEvent } from './cutter.ts';

export const DEFAULT_CLIP_WORKERS = 2;
export const DEFAULT_CLIP_ATTEMPTS = 3;
/** A claim lapses this long after the last sign of life of the process holding it. */
export const DEFAULT_CLIP_LEASE_MS = 30_000;
export const DEFAULT_CLIP_POLL_MS = 1_000;
export const DEFAULT_CLIP_RETRY_DELAY_MS = 2_000;
/** How long a stopping worker lets its cuts finish before it gives them back to the queue. */
export const DEFAULT_CLIP_STOP_GRACE_MS = 10_000;

export interface ClipQueueOptions {
  db: Database;
  media: Pick<ClipMedia, 'cutClip' | 'clipDir'>;
  mediaDir: string;
  /**
   * Where a finished clip is put (`MEDIA_STORAGE`): its folder is cut in the media dir, then put
   * whole under its key. Default: moved into its place in the media dir.
   */
  storage?: MediaStorage;
  ffmpegPath?: string;
  /** Clips cut at once by this process (`CLIP_WORKERS`); 0: this process only queues. */
  concurrency?: number;
  maxAttempts?: number;
  leaseMs?: number;
  /** spec §9: a clip not ready this long after it was asked for fails. */
  limitMs?: number;
  pollMs?: number;
  retryDelayMs?: number;
  log?: { info(message: string): void; warn(message: string): void };
}

interface Claimed {
  job_id: number;
  claim: string;
  attempts: number;
  remaining_ms: string | number;
  clip_id: number;
  channel_id: number;
  event_id: number;
  uuid: string;
  start_time: number;
  duration: number;
  live: boolean;
  event_utc_ts: string | number;
  channel_slug: string;
}

interface Running {
  job: Claimed;
  abort: AbortController;
  /** Set when the process stops: the job goes back to the queue instead of failing. */
  stopping: boolean;
  done: Promise<void>;
}

/** What happened to the jobs this process took (tests and diagnostics). */
export interface ClipQueueStats {
  ready: number;
  failed: number;
  retried: number;
  released: number;
}

/**
 * The durable clip queue (spec §4 clip lifecycle, architecture: background work is a job in the
 * database). A clip's job row is claimed by one atomic UPDATE over a row locked FOR UPDATE SKIP
 * LOCKED, with a random claim and a lease the worker renews while it cuts: two processes never cut
 * the same clip, and the job of a process that died (a crash, a restart) is claimed again once its
 * lease lapses. After `maxAttempts` attempts, or `limitMs` (5 minutes) after it was asked for, a
 * clip fails with a reason. Fair across channels: the next job is the oldest of the channel with
 * the fewest being cut, so one channel's hundred clips do not hold up another's one. Fair between
 * viewers within a channel too: the viewers take turns (a viewer's clips being cut, or made within
 * the last `limitMs`, count as turns taken), so one viewer's flood does not push another viewer's
 * clip past its five minutes (spec §9).
 *
 * A clip is cut into a folder of its own claim and moved into place in the transaction that marks
 * it ready, holding the job's row: a late attempt whose lease was taken over writes nothing.
 */
export class ClipQueue {
  readonly #db: Database;
  readonly #options: Required<Omit<ClipQueueOptions, 'db' | 'media' | 'ffmpegPath' | 'log' | 'storage'>> & Pick<ClipQueueOptions, 'ffmpegPath' | 'log' | 'media' | 'storage'>;
  readonly #running = new Map<number, Running>();
  #started = false;
  #closed = false;
  #poll: NodeJS.Timeout | null = null;
  #filling: Promise<void> | null = null;
  #again = false;
  readonly stats: ClipQueueStats = { ready: 0, failed: 0, retried: 0, released: 0 };

  constructor(options: ClipQueueOptions) {
    this.#db = options.db;
    this.#options = {
      concurrency: DEFAULT_CLIP_WORKERS,
      maxAttempts: DEFAULT_CLIP_ATTEMPTS,
      leaseMs: DEFAULT_CLIP_LEASE_MS,
      limitMs: CLIP_PROCESSING_LIMIT_MS,
      pollMs: DEFAULT_CLIP_POLL_MS,
      retryDelayMs: DEFAULT_CLIP_RETRY_DELAY_MS,
      ...options,
    };
  }

  /** Cuts clips from now on: looks at the queue now and every `pollMs` (jobs queued by another process, or left by a restart). */
  start(): void {
    if (this.#started || this.#closed || this.#options.concurrency <= 0) return;
    this.#started = true;
    this.#poll = setInterval(() => this.wake(), this.#options.pollMs);
    this.#poll.unref();
    this.wake();
  }

  /** Looks at the queue now (a clip was just asked for). */
  wake(): void {
    if (!this.#started || this.#closed) return;
    void this.#fill().catch((error: unknown) => this.#options.log?.warn(`clip queue: ${String(error)}`));
  }

  /** Clips being cut by this process now. */
  get busy(): number {
    return this.#running.size;
  }

  /**
   * Stops taking jobs. The cuts under way get `graceMs` to finish; those still going then are
   * stopped and handed back to the queue (the attempt is not counted), for another process or the
   * next start. `release: false` leaves the database untouched, as a crash would: the claims lapse.
   */
  async close({ graceMs = DEFAULT_CLIP_STOP_GRACE_MS, release = true }: { graceMs?: number; release?: boolean } = {}): Promise<void> {
    this.#closed = true;
    if (this.#poll) clearInterval(this.#poll);
    await this.#filling?.catch(() => undefined);
    const all = () => Promise.all([...this.#running.values()].map((r) => r.done));
    if (this.#running.size > 0 && graceMs > 0) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([all(), new Promise((resolve) => (timer = setTimeout(resolve, graceMs)))]);
      clearTimeout(timer);
    }
    for (const running of this.#running.values()) {
      running.stopping = true;
      if (!release) running.job.claim = '';
      running.abort.abort(new Error('the worker is stopping'));
    }
    await all();
  }

  /** Claims jobs while this process has room; one look at a time, a call meanwhile asks for another. */
  #fill(): Promise<void> {
    if (this.#filling) {
      this.#again = true;
      return this.#filling;
    }
    // Set before the loop's first step: `finally` runs after this assignment even when the loop ends at once.
    this.#filling = this.#fillLoop().finally(() => {
      this.#filling = null;
    });
    return this.#filling;
  }

  async #fillLoop(): Promise<void> {
    do {
      this.#again = false;
      if (this.#running.size >= this.#options.concurrency) break;
      // An idle queue costs one read per look, not the writes of expiring and claiming: on the
      // embedded engine every statement waits its turn behind the viewers' requests.
      if (!(await this.#hasJobs())) break;
      await this.expire();
      while (!this.#closed && this.#running.size < this.#options.concurrency) {
        const job = await this.#claim();
        if (!job) break;
        this.#begin(job);
      }
    } while (this.#again && !this.#closed);
  }

  async #hasJobs(): Promise<boolean> {
    const row = await this.#db.selectFrom('clip_jobs').select('id').limit(1).executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Fails the jobs that may not run again: out of attempts with their last claim lapsed (the
   * process died during the last one), or asked for more than `limitMs` ago and held by nobody.
   * A job someone still holds is left to them: they stop it at its deadline.
   */
  async expire(): Promise<number> {
    const limit = this.#options.limitMs;
    const { rows } = await sql<{ id: number }>`
      with gone as (
        delete from clip_jobs
         where (lease_until is null or lease_until <= now())
           and (attempts >= ${this.#options.maxAttempts} or queued_at <= now() - ${limit}::integer * interval '1 millisecond')
        returning clip_id, queued_at)
      update clips
         set status = 'failed',
             failure_reason = case when gone.queued_at <= now() - ${limit}::integer * interval '1 millisecond' then ${CLIP_FAILURES.tooLong} else ${CLIP_FAILURES.cut} end
        from gone
       where clips.id = gone.clip_id
      returning clips.id`.execute(this.#db);
    this.stats.failed += rows.length;
    return rows.length;
  }

  /** Claims the next job fairly (see the class) and marks its clip processing, in one statement. */
  async #claim(): Promise<Claimed | null> {
    const { leaseMs, limitMs, maxAttempts } = this.#options;
    const claim = randomUUID();
    const { rows } = await sql<Claimed>`
      with claimed as (
        update clip_jobs
           set claim = ${claim}, lease_until = now() + ${leaseMs}::integer * interval '1 millisecond', attempts = attempts + 1
         where id = (
           select j.id from clip_jobs j
             join clips c on c.id = j.clip_id
             left join (select channel_id, count(*) as n from clip_jobs where claim is not null and lease_until > now() group by channel_id) busy
               on busy.channel_id = j.channel_id
             left join (select bc.user_id, bj.channel_id, count(*) as n from clip_jobs bj join clips bc on bc.id = bj.clip_id
                         where bj.claim is not null and bj.lease_until > now() group by bc.user_id, bj.channel_id) viewer_busy
               on viewer_busy.channel_id = j.channel_id and viewer_busy.user_id is not distinct from c.user_id
             left join (select wj.id, row_number() over (partition by wc.user_id, wj.channel_id order by wj.queued_at, wj.id) as turn
                          from clip_jobs wj join clips wc on wc.id = wj.clip_id
                         where wj.lease_until is null or wj.lease_until <= now()) waiting
               on waiting.id = j.id
            where (j.lease_until is null or j.lease_until <= now())
              and j.attempts < ${maxAttempts}
              and j.queued_at > now() - ${limitMs}::integer * interval '1 millisecond'
            order by coalesce(busy.n, 0),
                     coalesce(viewer_busy.n, 0) + coalesce(waiting.turn, 1)
                       + (select count(*) from clips served
                           where served.channel_id = j.channel_id and served.user_id = c.user_id
                             and served.ready_at > now() - ${limitMs}::integer * interval '1 millisecond'),
                     j.queued_at, j.id
            limit 1
            for update of j skip locked)
        returning id, clip_id, claim, attempts, queued_at)
      update clips
         set status = 'processing'
        from claimed, events e, channels ch
       where clips.id = claimed.clip_id and e.id = clips.event_id and ch.id = clips.channel_id
      returning claimed.id as job_id, claimed.claim, claimed.attempts,
                extract(epoch from (claimed.queued_at + ${limitMs}::integer * interval '1 millisecond' - now())) * 1000 as remaining_ms,
                clips.id as clip_id, clips.channel_id, clips.event_id, clips.uuid, clips.start_time, clips.duration, clips.live, e.event_utc_ts, ch.slug as channel_slug`.execute(this.#db);
    return rows[0] ?? null;
  }

  #begin(job: Claimed): void {
    const abort = new AbortController();
    const running: Running = { job, abort, stopping: false, done: Promise.resolve() };
    this.#running.set(job.job_id, running);
    running.done = this.#work(running)
      .catch((error: unknown) => this.#options.log?.warn(`clip ${job.clip_id}: ${String(error)}`))
      .finally(() => {
        this.#running.delete(job.job_id);
        this.wake();
      });
  }

  async #work(running: Running): Promise<void> {
    const { job, abort } = running;
    const { media, mediaDir, leaseMs } = this.#options;
    const slug = job.channel_slug;
    const remaining = Math.max(0, Number(job.remaining_ms));
    // spec §9: the cut is stopped at the clip's deadline, whatever it is doing.
    let late = false;
    const deadline = setTimeout(() => {
      late = true;
      abort.abort(new Error('the clip took too long'));
    }, remaining);
    // Renews the lease while cutting; a lease found taken over stops the cut.
    const heartbeat = setInterval(() => {
      void this.#renew(job).then(
        (held) => {
          if (!held) abort.abort(new Error('the claim was taken over'));
        },
        () => undefined,
      );
    }, Math.max(50, Math.floor(leaseMs / 3)));
    heartbeat.unref();
    const finalDir = media.clipDir(mediaDir, slug, job.uuid);
    // `.work-`: the media part's sweep (removeStaleClipWork) removes what a crashed cut left.
    const partDir = join(dirname(finalDir), `.work-${basename(finalDir)}-${job.claim}`);
    let result: { duration: number } | null = null;
    let error: unknown = null;
    try {
      const event: ClipSourceEvent = { channelSlug: slug, eventId: job.event_id, live: job.live, eventUtcTs: Number(job.event_utc_ts) };
      await mkdir(partDir, { recursive: true });
      result = await media.cutClip({
        mediaDir,
        event,
        start: Number(job.start_time),
        duration: Number(job.duration),
        outDir: partDir,
        ffmpegPath: this.#options.ffmpegPath,
        signal: abort.signal,
      });
      if (abort.signal.aborted) throw abort.signal.reason;
    } catch (caught) {
      error = caught;
    } finally {
      clearTimeout(deadline);
      clearInterval(heartbeat);
    }

    if (result !== null && error === null) {
      if (await this.#settleReady(job, partDir, finalDir, result.duration)) this.stats.ready++;
      else await rm(partDir, { recursive: true, force: true });
      return;
    }
    await rm(partDir, { recursive: true, force: true });
    if (running.stopping && !late) {
      // Stopping: handed back, this attempt not counted (or, as a crash, left to lapse).
      if (job.claim !== '' && (await this.#release(job))) this.stats.released++;
      return;
    }
    const message = error instanceof Error ? error.message : String(error);
    this.#options.log?.warn(`clip ${job.clip_id}: attempt ${job.attempts} failed: ${message}`);
    if (late || job.attempts >= this.#options.maxAttempts) {
      if (await this.#settleFailed(job, late ? CLIP_FAILURES.tooLong : CLIP_FAILURES.cut, message)) this.stats.failed++;
      return;
    }
    if (await this.#retryLater(job, message)) this.stats.retried++;
  }

  async #renew(job: Claimed): Promise<boolean> {
    if (job.claim === '') return true;
    const result = await this.#db
      .updateTable('clip_jobs')
      .set({ lease_until: sql<Date>`now() + ${this.#options.leaseMs}::integer * interval '1 millisecond'` })
      .where('id', '=', job.job_id)
      .where('claim', '=', job.claim)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /**
   * Puts the files into storage and marks the clip ready, only while this claim still holds the
   * job. The clip's key is its folder's place in the media dir (`clips/<channel>/<uuid>`).
   */
  async #settleReady(job: Claimed, partDir: string, finalDir: string, duration: number): Promise<boolean> {
    const storage = this.#options.storage ?? new LocalMediaStorage(this.#options.mediaDir);
    const key = relative(this.#options.mediaDir, finalDir).split(sep).join('/');
    return this.#db.transaction().execute(async (tx) => {
      const held = await tx.selectFrom('clip_jobs').select('id').where('id', '=', job.job_id).where('claim', '=', job.claim).forUpdate().executeTakeFirst();
      if (!held) return false;
      await storage.putFolder(partDir, key);
      await tx.deleteFrom('clip_jobs').where('id', '=', job.job_id).execute();
      await tx
        .updateTable('clips')
        .set({ status: 'ready', ready_at: sql<Date>`now()`, duration: Number.isFinite(duration) && duration > 0 ? duration : Number(job.duration), failure_reason: null })
        .where('id', '=', job.clip_id)
        .execute();
      return true;
    });
  }

  async #settleFailed(job: Claimed, reason: string, error: string): Promise<boolean> {
    const { rows } = await sql<{ id: number }>`
      with gone as (delete from clip_jobs where id = ${job.job_id} and claim = ${job.claim} returning clip_id)
      update clips set status = 'failed', failure_reason = ${reason} from gone where clips.id = gone.clip_id
      returning clips.id`.execute(this.#db);
    if (rows.length > 0) this.#options.log?.warn(`clip ${job.clip_id} failed: ${error}`);
    return rows.length > 0;
  }

  /** Back to the queue after a failed attempt, tried again after a short wait (by any process). */
  async #retryLater(job: Claimed, error: string): Promise<boolean> {
    return this.#handBack(job, this.#options.retryDelayMs, 0, error);
  }

  /** Back to the queue at once, the attempt not counted: this process is stopping. */
  async #release(job: Claimed): Promise<boolean> {
    return this.#handBack(job, 0, 1, null);
  }

  async #handBack(job: Claimed, delayMs: number, refund: number, error: string | null): Promise<boolean> {
    const { rows } = await sql<{ clip_id: number }>`
      with back as (
        update clip_jobs
           set claim = null,
               lease_until = ${delayMs > 0 ? sql`now() + ${delayMs}::integer * interval '1 millisecond'` : sql`null`},
               attempts = greatest(0, attempts - ${refund}),
               last_error = coalesce(${error}, last_error)
         where id = ${job.job_id} and claim = ${job.claim}
        returning clip_id)
      update clips set status = 'queued' from back where clips.id = back.clip_id
      returning back.clip_id`.execute(this.#db);
    return rows.length > 0;
  }
}
