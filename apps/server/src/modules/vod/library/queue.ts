import { randomUUID } from 'node:crypto';
import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { Database } from '../../../core/db/schema.ts';
import { layout } from '../../../core/media/library.ts';
import { ladderFor, probeVideo, type Rendition, transcodeItem, transcodePreroll } from '../../../core/media/transcode.ts';
import { noticeLibraryChanged } from './notice.ts';
import { DEFAULT_TRANSCODE_WORKERS } from './config.ts';

export const DEFAULT_TRANSCODE_ATTEMPTS = 3;
export const DEFAULT_TRANSCODE_LEASE_MS = 30_000;
export const DEFAULT_TRANSCODE_POLL_MS = 2_000;
/** The progress is written at most this often (a percent a second is plenty for a screen that polls). */
const PROGRESS_EVERY_MS = 1_000;

/** What a failed item or preroll tells the producer. */
export const TRANSCODE_FAILED = 'The video could not be transcoded.';

export interface TranscodeQueueOptions {
  db: Database;
  mediaDir: string;
  /** Where the uploads' files are (the tus file store's folder). */
  uploadsDir: string;
  ladder: readonly Rendition[];
  ffmpegPath?: string;
  /** Transcodes at once in this process (`LIBRARY_TRANSCODE_WORKERS`); 0: this process only queues. */
  concurrency?: number;
  maxAttempts?: number;
  leaseMs?: number;
  pollMs?: number;
  /** Told once a job's item or preroll is ready (the app drops its caches). */
  onReady?: (channelId: number) => void;
  log?: { warn(message: string): void };
}

interface Claimed {
  id: number;
  claim: string;
  attempts: number;
  channel_id: number;
  upload_id: string;
  item_id: number | null;
  preroll_id: number | null;
  slug: string;
  ref: string | null;
}

/**
 * The durable transcode queue (architecture: background work is a job in the database, as the
 * clips' queue): a finished upload's job is claimed by one UPDATE over a row locked FOR UPDATE SKIP
 * LOCKED, with a random claim and a lease renewed while ffmpeg runs, so two instances never
 * transcode the same upload and a job whose process died is taken again once its lease lapses.
 * ffmpeg's `-progress` is written to the item (or preroll) as a percent. After `maxAttempts` the
 * item is marked failed with a reason. The result is moved into place and the item marked ready
 * only while the claim still holds the job; the upload's file is then removed (its quota freed).
 */
export class TranscodeQueue {
  readonly #o: Required<Omit<TranscodeQueueOptions, 'ffmpegPath' | 'log' | 'onReady'>> & Pick<TranscodeQueueOptions, 'ffmpegPath' | 'log' | 'onReady'>;
  readonly #running = new Map<number, { abort: AbortController; done: Promise<void> }>();
  #timer: NodeJS.Timeout | null = null;
  #filling: Promise<void> | null = null;
  #closed = false;

  constructor(options: TranscodeQueueOptions) {
    this.#o = {
      concurrency: DEFAULT_TRANSCODE_WORKERS,
      maxAttempts: DEFAULT_TRANSCODE_ATTEMPTS,
      leaseMs: DEFAULT_TRANSCODE_LEASE_MS,
      pollMs: DEFAULT_TRANSCODE_POLL_MS,
      ...options,
    };
  }

  start(): void {
    if (this.#timer || this.#closed || this.#o.concurrency <= 0) return;
    this.#timer = setInterval(() => this.wake(), this.#o.pollMs);
    this.#timer.unref();
    this.wake();
  }

  /** Looks at the queue now (an upload just finished). */
  wake(): void {
    if (!this.#timer || this.#closed || this.#filling) return;
    this.#filling = this.#fill()
      .catch((error: unknown) => this.#o.log?.warn(`transcode queue: ${String(error)}`))
      .finally(() => {
        this.#filling = null;
      });
  }

  /** Stops taking jobs; those under way are stopped and handed back (their attempt not counted). */
  async close(): Promise<void> {
    this.#closed = true;
    if (this.#timer) clearInterval(this.#timer);
    await this.#filling;
    for (const running of this.#running.values()) running.abort.abort(new Error('the worker is stopping'));
    await Promise.all([...this.#running.values()].map((running) => running.done));
  }

  async #fill(): Promise<void> {
    while (!this.#closed && this.#running.size < this.#o.concurrency) {
      if (!(await this.#db.selectFrom('library_jobs').select('id').limit(1).executeTakeFirst())) return;
      await this.#expire();
      const job = await this.#claim();
      if (!job) return;
      const abort = new AbortController();
      const done = this.#work(job, abort)
        .catch((error: unknown) => this.#o.log?.warn(`transcode job ${job.id}: ${String(error)}`))
        .finally(() => {
          this.#running.delete(job.id);
          this.wake();
        });
      this.#running.set(job.id, { abort, done });
    }
  }

  get #db(): Database {
    return this.#o.db;
  }

  /** Fails the jobs out of attempts whose last claim lapsed (the process died during the last one). */
  async #expire(): Promise<void> {
    const gone = await this.#db
      .deleteFrom('library_jobs')
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', sql<Date>`now()`)]))
      .where('attempts', '>=', this.#o.maxAttempts)
      .returning(['item_id', 'preroll_id', 'upload_id', 'channel_id'])
      .execute();
    for (const job of gone) await this.#markFailed(job, TRANSCODE_FAILED);
  }

  async #claim(): Promise<Claimed | null> {
    const claim = randomUUID();
    const { rows } = await sql<Claimed>`
      with claimed as (
        update library_jobs
           set claim = ${claim}, lease_until = now() + ${this.#o.leaseMs}::integer * interval '1 millisecond', attempts = attempts + 1
         where id = (select id from library_jobs
                      where (lease_until is null or lease_until <= now()) and attempts < ${this.#o.maxAttempts}
                      order by queued_at, id limit 1 for update skip locked)
        returning id, claim, attempts, channel_id, upload_id, item_id, preroll_id)
      select claimed.*, ch.slug, i.ref
        from claimed join channels ch on ch.id = claimed.channel_id
        left join vod_media_items i on i.id = claimed.item_id`.execute(this.#db);
    return rows[0] ?? null;
  }

  async #work(job: Claimed, abort: AbortController): Promise<void> {
    const { mediaDir, uploadsDir, leaseMs } = this.#o;
    const heartbeat = setInterval(() => {
      void this.#db
        .updateTable('library_jobs')
        .set({ lease_until: sql<Date>`now() + ${leaseMs}::integer * interval '1 millisecond'` })
        .where('id', '=', job.id)
        .where('claim', '=', job.claim)
        .executeTakeFirst()
        .then(
          (result) => {
            if (Number(result.numUpdatedRows) === 0) abort.abort(new Error('the claim was taken over'));
          },
          () => undefined,
        );
    }, Math.max(50, Math.floor(leaseMs / 3)));
    heartbeat.unref();
    const work = join(mediaDir, layout.work, `library-${job.id}-${job.claim}`);
    let lastWrite = 0;
    const onProgress = (percent: number) => {
      const now = Date.now();
      if (now - lastWrite < PROGRESS_EVERY_MS) return;
      lastWrite = now;
      void this.#progress(job, percent).catch(() => undefined);
    };
    try {
      const source = join(uploadsDir, job.upload_id);
      const probed = await probeVideo(source, this.#o.ffmpegPath);
      if (!probed) {
        // Checked when the upload finished: a file gone or changed since is not worth retrying.
        await this.#settleFailed(job, 'The upload is not a video.');
        return;
      }
      await rm(work, { recursive: true, force: true });
      await mkdir(work, { recursive: true });
      const renditions = ladderFor(probed.height, this.#o.ladder);
      const common = { source, probed, renditions, outDir: work, ffmpegPath: this.#o.ffmpegPath, signal: abort.signal, onProgress };
      if (job.item_id !== null) {
        await transcodeItem({ ...common, playlist: 'index.m3u8' });
        if (!(await this.#settleItem(job, work, Math.round(probed.durationSeconds)))) return;
      } else {
        const name = prerollFileName(job.slug, job.preroll_id!);
        await transcodePreroll({ ...common, prefix: `${name}-`, playlist: `${name}.m3u8` });
        if (!(await this.#settlePreroll(job, work, name))) return;
      }
      await removeUploadFiles(uploadsDir, job.upload_id);
      this.#o.onReady?.(job.channel_id);
    } catch (error) {
      if (this.#closed) {
        await this.#db.updateTable('library_jobs').set({ claim: null, lease_until: null, attempts: sql<number>`greatest(0, attempts - 1)` }).where('id', '=', job.id).where('claim', '=', job.claim).execute();
        return;
      }
      const message = error instanceof Error ? error.message : String(error);
      this.#o.log?.warn(`transcode job ${job.id}: attempt ${job.attempts} failed: ${message}`);
      if (job.attempts >= this.#o.maxAttempts) await this.#settleFailed(job, TRANSCODE_FAILED);
      else await this.#db.updateTable('library_jobs').set({ claim: null, lease_until: null, last_error: message.slice(0, 2000) }).where('id', '=', job.id).where('claim', '=', job.claim).execute();
    } finally {
      clearInterval(heartbeat);
      await rm(work, { recursive: true, force: true });
    }
  }

  async #progress(job: Claimed, percent: number): Promise<void> {
    if (job.item_id !== null) await this.#db.updateTable('vod_media_items').set({ progress: percent }).where('id', '=', job.item_id).where('status', '=', 'processing').execute();
    else await this.#db.updateTable('prerolls').set({ progress: percent }).where('id', '=', job.preroll_id!).where('status', '=', 'processing').execute();
  }

  /** The claim still holds the job: it is deleted with its upload's row (`tx`'s). */
  async #release(tx: Database, job: Claimed): Promise<boolean> {
    const held = await tx.selectFrom('library_jobs').select('id').where('id', '=', job.id).where('claim', '=', job.claim).forUpdate().executeTakeFirst();
    if (!held) return false;
    await tx.deleteFrom('library_uploads').where('id', '=', job.upload_id).execute();
    return true;
  }

  async #settleItem(job: Claimed, work: string, duration: number): Promise<boolean> {
    const destination = join(this.#o.mediaDir, layout.recordingDir(job.slug, job.ref!));
    return this.#db.transaction().execute(async (tx) => {
      if (!(await this.#release(tx, job))) return false;
      await mkdir(join(destination, '..'), { recursive: true });
      await rm(destination, { recursive: true, force: true });
      await rename(work, destination);
      await tx.updateTable('vod_media_items').set({ status: 'ready', progress: 100, duration, failure_reason: null }).where('id', '=', job.item_id!).execute();
      await noticeLibraryChanged(tx, job.channel_id);
      return true;
    });
  }

  async #settlePreroll(job: Claimed, work: string, name: string): Promise<boolean> {
    const folder = join(this.#o.mediaDir, layout.prerollsDir);
    return this.#db.transaction().execute(async (tx) => {
      if (!(await this.#release(tx, job))) return false;
      await mkdir(folder, { recursive: true });
      // The master playlist last: a player never finds it naming a file not yet there.
      const files = (await readdir(work)).sort((a, b) => Number(a === `${name}.m3u8`) - Number(b === `${name}.m3u8`));
      for (const file of files) await rename(join(work, file), join(folder, file));
      await tx.updateTable('prerolls').set({ status: 'ready', progress: 100, url: `/media/prerolls/${name}.m3u8`, failure_reason: null }).where('id', '=', job.preroll_id!).execute();
      await noticeLibraryChanged(tx, job.channel_id);
      return true;
    });
  }

  async #settleFailed(job: Claimed, reason: string): Promise<void> {
    const done = await this.#db.transaction().execute(async (tx) => {
      if (!(await this.#release(tx, job))) return false;
      await this.#markFailed(job, reason, tx);
      return true;
    });
    if (done) await removeUploadFiles(this.#o.uploadsDir, job.upload_id);
  }

  async #markFailed(job: Pick<Claimed, 'item_id' | 'preroll_id' | 'upload_id'>, reason: string, tx: Database = this.#db): Promise<void> {
    if (job.item_id !== null) await tx.updateTable('vod_media_items').set({ status: 'failed', failure_reason: reason }).where('id', '=', job.item_id).execute();
    if (job.preroll_id !== null) await tx.updateTable('prerolls').set({ status: 'failed', failure_reason: reason }).where('id', '=', job.preroll_id).execute();
    if (tx === this.#db) {
      await tx.deleteFrom('library_uploads').where('id', '=', job.upload_id).execute();
      await removeUploadFiles(this.#o.uploadsDir, job.upload_id);
    }
  }
}

/** An uploaded preroll's files' name in the shared prerolls folder: its channel's and its own. */
export function prerollFileName(slug: string, prerollId: number): string {
  return `${slug}-upload-${prerollId}`;
}

/** Removes an upload's file and the tus store's note of it. */
export async function removeUploadFiles(uploadsDir: string, id: string): Promise<void> {
  await rm(join(uploadsDir, id), { force: true });
  await rm(join(uploadsDir, `${id}.json`), { force: true });
}
