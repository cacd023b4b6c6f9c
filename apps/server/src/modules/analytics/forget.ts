import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import { schedulePeriodic } from '@grandstand/service-kit';
import { adminEndpoint, postToAnalytics } from './transport.ts';

/**
 * Forgetting a deleted viewer in the analytics service (its `POST /admin/forget`: the viewer's rows
 * and those of every session they appeared in, in one channel). The service knows channels by slug
 * and viewers by this server's user id, the `user_id` the sites send it.
 *
 * Durable: a deleted account keeps its row, and a row with `deleted_at` set and no
 * `analytics_forgotten_at` is a viewer still to forget (migration `0015_analytics_forget`), so a
 * deletion made while the service is down, or just before this process stops, is forgotten all the
 * same. Only a 200 carrying the service's `{ data: { deleted } }` settles it; anything else (an
 * error status, no answer in time, no connection, a redirect) is tried again after a back-off that
 * doubles from RETRY_FIRST_MS up to RETRY_MAX_MS, with no last attempt: the service holds the rows
 * until it is told. Repeating a forget is harmless, so a call whose outcome was lost is simply made
 * again.
 *
 * One call per viewer across instances: a viewer is claimed before the call by one statement that
 * takes the row FOR UPDATE SKIP LOCKED and moves `analytics_forget_next_at` past a lease (LEASE_MS,
 * longer than a call may last), so another instance's claim finds nothing to take; a process that
 * dies mid-call leaves the lease to lapse, and the viewer is claimed again.
 */

/** The first retry waits this long; each failure doubles it. */
export const RETRY_FIRST_MS = 60_000;
/** The longest wait between two attempts for one viewer (a service down for days is asked four times a day per viewer). */
export const RETRY_MAX_MS = 6 * 3_600_000;
/** How often the job looks for viewers due (a deletion's own attempt does not wait for it). */
export const DEFAULT_FORGET_INTERVAL_MS = 60_000;
/** One call's time limit: the service deletes under its single writer, which may be busy committing. */
export const DEFAULT_FORGET_TIMEOUT_MS = 30_000;
/** A claimed viewer is another instance's again after this: longer than a call may last, with room for the database. */
export const LEASE_MS = 2 * 60_000;
/** Viewers claimed and called at once; the service forgets one at a time, so more would only wait there. */
const BATCH = 5;
/** Viewers one run may call; the next run carries on with the rest. */
const MAX_PER_RUN = 500;

export interface AnalyticsForgetOptions {
  /** `ANALYTICS_URL`: the service's base URL as this server reaches it (`/admin/forget` is appended to its path). */
  url: string;
  /** `ANALYTICS_ADMIN_TOKEN`: the service's admin token, sent as `Authorization: Bearer`. */
  adminToken: string;
  /** Pause between the job's runs (default DEFAULT_FORGET_INTERVAL_MS); 0 turns the job off, leaving each deletion's own attempt. */
  intervalMs?: number;
  /** One call's time limit (default DEFAULT_FORGET_TIMEOUT_MS). */
  timeoutMs?: number;
}

export interface ForgetSummary {
  /** Viewers the service confirmed it forgot. */
  forgotten: number;
  /** Calls that did not (each viewer is tried again later). */
  failed: number;
}

export interface AnalyticsForget {
  /** The service's forget address. */
  readonly endpoint: string;
  /**
   * One pass of the job: claims and calls every viewer due at `now` (each call's own clock moves on
   * from it), up to MAX_PER_RUN. Tests pass a later `now` to step past a back-off.
   */
  run(now?: Date): Promise<ForgetSummary>;
  /** The first attempt for a viewer just deleted, in the background: the deletion's answer does not wait for it. */
  afterDeletion(userId: number): void;
  /** Resolves once the background attempts started so far have ended (closing the app waits for them too). */
  idle(): Promise<void>;
}

interface Claimed {
  user_id: number;
  channel: string;
  attempts: number;
}

type Outcome = { ok: true; deleted: number } | { ok: false; status: number | null; detail: string };

/** The wait after a viewer's `attempts`-th failed call. */
export function retryDelayMs(attempts: number): number {
  return Math.min(RETRY_FIRST_MS * 2 ** Math.max(0, Math.min(attempts - 1, 30)), RETRY_MAX_MS);
}

/** `http://analytics:8090` and `http://proxy/analytics/` both lead to their `…/admin/forget`. */
export function forgetEndpoint(base: string): string {
  return adminEndpoint(base, 'forget');
}

export function createAnalyticsForget(app: FastifyInstance, options: AnalyticsForgetOptions): AnalyticsForget {
  const endpoint = forgetEndpoint(options.url);
  const timeoutMs = options.timeoutMs ?? DEFAULT_FORGET_TIMEOUT_MS;
  const background = new Set<Promise<void>>();

  /** Claims up to `limit` viewers due at `at` (or only `userId`), in one statement. */
  async function claim(at: Date, limit: number, userId: number | null): Promise<Claimed[]> {
    const leaseUntil = new Date(at.getTime() + LEASE_MS);
    const { rows } = await sql<Claimed>`
      with claimed as (
        update users
           set analytics_forget_attempts = analytics_forget_attempts + 1,
               analytics_forget_next_at = ${leaseUntil}::timestamptz
         where id in (
           select u.id from users u
            where u.deleted_at is not null
              and u.analytics_forgotten_at is null
              and (u.analytics_forget_next_at is null or u.analytics_forget_next_at <= ${at}::timestamptz)
              ${userId === null ? sql`` : sql`and u.id = ${userId}`}
            order by u.id
            limit ${limit}
            for update of u skip locked)
        returning id, channel_id, analytics_forget_attempts)
      select claimed.id as user_id, ch.slug as channel, claimed.analytics_forget_attempts as attempts
        from claimed join channels ch on ch.id = claimed.channel_id`.execute(app.db);
    return rows.map((row) => ({ user_id: Number(row.user_id), channel: row.channel, attempts: Number(row.attempts) }));
  }

  async function call(viewer: Claimed): Promise<Outcome> {
    const answer = await postToAnalytics(endpoint, options.adminToken, { channel: viewer.channel, user_id: viewer.user_id }, timeoutMs, (data) => {
      const deleted = (data as { deleted?: unknown } | null)?.deleted;
      return typeof deleted === 'number' ? deleted : undefined;
    });
    return answer.ok ? { ok: true, deleted: answer.value } : answer;
  }

  /** Records a call's outcome; a failure waits its back-off, counted from when the call ended. */
  async function settle(viewer: Claimed, outcome: Outcome, at: Date): Promise<void> {
    const fields = { channel: viewer.channel, userId: viewer.user_id, attempts: viewer.attempts };
    if (outcome.ok) {
      await app.db.updateTable('users').set({ analytics_forgotten_at: at, analytics_forget_next_at: null }).where('id', '=', viewer.user_id).execute();
      app.log.info({ ...fields, deleted: outcome.deleted }, 'analytics: deleted viewer forgotten');
      return;
    }
    const retryAt = new Date(at.getTime() + retryDelayMs(viewer.attempts));
    await app.db
      .updateTable('users')
      .set({ analytics_forget_next_at: retryAt })
      .where('id', '=', viewer.user_id)
      .where('analytics_forgotten_at', 'is', null)
      .execute();
    const log = { ...fields, status: outcome.status, detail: outcome.detail, retryAt: retryAt.toISOString() };
    // A refusal of the token or the channel is the operator's to fix: it will not pass by itself.
    if (outcome.status === 401 || outcome.status === 403) app.log.error(log, 'analytics: the service refused the admin token (ANALYTICS_ADMIN_TOKEN must be the service\'s own); will retry');
    else if (outcome.status === 404) app.log.error(log, 'analytics: the service does not know this channel, or ANALYTICS_URL is not the service; will retry');
    else app.log.warn(log, 'analytics: forget call failed; will retry');
  }

  /** Claims and calls one batch; `clock` is the run's time. */
  async function batch(clock: () => Date, limit: number, userId: number | null, summary: ForgetSummary): Promise<number> {
    const viewers = await claim(clock(), limit, userId);
    await Promise.all(
      viewers.map(async (viewer) => {
        const outcome = await call(viewer);
        await settle(viewer, outcome, clock());
        if (outcome.ok) summary.forgotten += 1;
        else summary.failed += 1;
      }),
    );
    return viewers.length;
  }

  async function run(now: Date = new Date()): Promise<ForgetSummary> {
    const started = performance.now();
    const clock = () => new Date(now.getTime() + Math.round(performance.now() - started));
    const summary: ForgetSummary = { forgotten: 0, failed: 0 };
    for (let done = 0; done < MAX_PER_RUN; ) {
      const claimed = await batch(clock, Math.min(BATCH, MAX_PER_RUN - done), null, summary);
      done += claimed;
      if (claimed < BATCH) break;
    }
    return summary;
  }

  function afterDeletion(userId: number): void {
    const attempt = batch(() => new Date(), 1, userId, { forgotten: 0, failed: 0 })
      .then(() => undefined)
      // The viewer stays due: the job tries again.
      .catch((error: unknown) => app.log.error({ err: error, userId }, 'analytics: first forget attempt failed'))
      .finally(() => background.delete(attempt));
    background.add(attempt);
  }

  async function idle(): Promise<void> {
    while (background.size > 0) await Promise.all(background);
  }

  return { endpoint, run, afterDeletion, idle };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Forgetting deleted viewers in the analytics service (src/modules/analytics/forget.ts); null when it is not configured. */
    analyticsForget: AnalyticsForget | null;
  }
}

declare module '../../core/appOptions.ts' {
  interface ModuleOptions {
    /** The analytics service to tell about deleted viewers; `serve` passes `loadConfig().analyticsService`. Unset: none is told. */
    analyticsForget?: AnalyticsForgetOptions | null;
  }
}

/**
 * `app.analyticsForget`, and its job every `intervalMs` (scheduled like the renewal job; every
 * instance runs it, the claims keep them from calling twice). Closing the app waits for the
 * deletions' own attempts, as the caller closes the database after the app.
 */
export default fp<{ options?: AnalyticsForgetOptions | null }>(
  async (app, { options }) => {
    if (!options) {
      app.decorate('analyticsForget', null);
      return;
    }
    const forget = createAnalyticsForget(app, options);
    app.decorate('analyticsForget', forget);
    schedulePeriodic(
      app,
      options.intervalMs ?? DEFAULT_FORGET_INTERVAL_MS,
      async () => {
        const summary = await forget.run();
        if (summary.forgotten + summary.failed > 0) app.log.info(summary, 'analytics: forget run');
      },
      'analytics: forget run failed',
    );
    app.addHook('onClose', async () => forget.idle());
  },
  { name: 'analytics-forget', dependencies: ['db'] },
);
