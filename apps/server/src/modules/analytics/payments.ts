import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import { schedulePeriodic } from '@grandstand/service-kit';
import { DEFAULT_FORGET_INTERVAL_MS, DEFAULT_FORGET_TIMEOUT_MS, LEASE_MS, retryDelayMs, type AnalyticsForgetOptions } from './forget.ts';
import { adminEndpoint, postToAnalytics } from './transport.ts';

/**
 * Telling the analytics service about every charge this server settled (its `POST /admin/payment`):
 * the operator's revenue reports count these and nothing else, so a browser holding the public
 * profile key cannot make up revenue (apps/analytics README, "Revenue").
 *
 * Durable like forgetting a viewer (`forget.ts`), and through the same transport and token: a
 * transaction that succeeded (a first payment, whether a purchase or a subscription, or a renewal:
 * fulfilment settles it) and has no `analytics_reported_at` is a charge still to tell (migration
 * `0017_analytics_payments`), so nothing is lost when the service is down or this process stops.
 * The settled transaction is the to-do: fulfilment writes nothing more than it already does; the
 * webhook that settled it asks for a pass at once (`soon`), and the job catches anything else. Only a
 * 200 carrying the service's `{ data: { stored } }` settles a charge; anything else is tried again
 * after the same back-off, with no last attempt. The service stores a charge once by its id, so a
 * call whose outcome was lost is simply made again; a claim (FOR UPDATE SKIP LOCKED and a lease)
 * keeps two instances from calling at once.
 */

/** Charges claimed and called at once. */
const BATCH = 10;
/** Charges one run may call; the next run carries on with the rest. */
const MAX_PER_RUN = 1_000;

export interface PaymentsSummary {
  /** Charges the service confirmed it holds. */
  reported: number;
  /** Calls that did not (each charge is tried again later). */
  failed: number;
}

export interface AnalyticsPayments {
  /** The service's payment address. */
  readonly endpoint: string;
  /** One pass of the job: claims and calls every charge due at `now`, up to MAX_PER_RUN. */
  run(now?: Date): Promise<PaymentsSummary>;
  /**
   * A charge was just settled: a pass in the background, so the reports see it without waiting
   * for the job (the webhook's answer does not wait for it). Passes asked for meanwhile make one more.
   */
  soon(): void;
  /** Resolves once the background passes started so far have ended (closing the app waits for them too). */
  idle(): Promise<void>;
}

interface Claimed {
  id: number;
  channel: string;
  order_id: number;
  amount: string | number;
  currency: string;
  created_at: Date | string;
  attempts: number;
  product_type: string;
  product_id: number;
  product_name: string;
}

export function createAnalyticsPayments(app: FastifyInstance, options: AnalyticsForgetOptions): AnalyticsPayments {
  const endpoint = adminEndpoint(options.url, 'payment');
  const timeoutMs = options.timeoutMs ?? DEFAULT_FORGET_TIMEOUT_MS;

  async function claim(at: Date, limit: number): Promise<Claimed[]> {
    const leaseUntil = new Date(at.getTime() + LEASE_MS);
    const { rows } = await sql<Claimed>`
      with claimed as (
        update transactions
           set analytics_report_attempts = analytics_report_attempts + 1,
               analytics_report_next_at = ${leaseUntil}::timestamptz
         where id in (
           select t.id from transactions t
            where t.status = 'succeeded'
              and t.analytics_reported_at is null
              and (t.analytics_report_next_at is null or t.analytics_report_next_at <= ${at}::timestamptz)
            order by t.id
            limit ${limit}
            for update of t skip locked)
        returning id, channel_id, order_id, amount, currency, created_at, analytics_report_attempts)
      select claimed.id, ch.slug as channel, claimed.order_id, claimed.amount, claimed.currency, claimed.created_at,
             claimed.analytics_report_attempts as attempts, o.type as product_type, o.product_id, o.product_name
        from claimed
        join channels ch on ch.id = claimed.channel_id
        join orders o on o.id = claimed.order_id`.execute(app.db);
    return rows;
  }

  async function report(charge: Claimed, clock: () => Date): Promise<boolean> {
    const body = {
      channel: charge.channel,
      payment_id: String(charge.id),
      paid_at: new Date(charge.created_at).toISOString(),
      order_id: Number(charge.order_id),
      product_type: charge.product_type,
      product_id: Number(charge.product_id),
      product_name: charge.product_name,
      // Money is NUMERIC(…, 2): whole cents, sent as a number the service stores exactly.
      amount: Math.round(Number(charge.amount) * 100) / 100,
      currency: charge.currency,
    };
    const answer = await postToAnalytics(endpoint, options.adminToken, body, timeoutMs, (data) => {
      const stored = (data as { stored?: unknown } | null)?.stored;
      return typeof stored === 'boolean' ? stored : undefined;
    });
    const at = clock();
    const fields = { channel: charge.channel, transactionId: Number(charge.id), attempts: Number(charge.attempts) };
    if (answer.ok) {
      await app.db.updateTable('transactions').set({ analytics_reported_at: at, analytics_report_next_at: null }).where('id', '=', Number(charge.id)).execute();
      return true;
    }
    const retryAt = new Date(at.getTime() + retryDelayMs(Number(charge.attempts)));
    await app.db.updateTable('transactions').set({ analytics_report_next_at: retryAt }).where('id', '=', Number(charge.id)).where('analytics_reported_at', 'is', null).execute();
    const log = { ...fields, status: answer.status, detail: answer.detail, retryAt: retryAt.toISOString() };
    if (answer.status === 401 || answer.status === 403 || answer.status === 404) app.log.error(log, 'analytics: the service refused a settled charge (token, channel or ANALYTICS_URL); will retry');
    else app.log.warn(log, 'analytics: payment call failed; will retry');
    return false;
  }

  async function run(now: Date = new Date()): Promise<PaymentsSummary> {
    const started = performance.now();
    const clock = () => new Date(now.getTime() + Math.round(performance.now() - started));
    const summary: PaymentsSummary = { reported: 0, failed: 0 };
    for (let done = 0; done < MAX_PER_RUN; ) {
      const charges = await claim(clock(), Math.min(BATCH, MAX_PER_RUN - done));
      const outcomes = await Promise.all(charges.map((charge) => report(charge, clock)));
      for (const ok of outcomes) summary[ok ? 'reported' : 'failed'] += 1;
      done += charges.length;
      if (charges.length < BATCH) break;
    }
    return summary;
  }

  let running: Promise<void> | null = null;
  let again = false;
  function soon(): void {
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        // The charge stays due on any failure: the job tries again.
        await run().catch((error: unknown) => app.log.error({ err: error }, 'analytics: payments pass failed'));
      } while (again);
    })().finally(() => {
      running = null;
    });
  }

  async function idle(): Promise<void> {
    while (running) await running;
  }

  return { endpoint, run, soon, idle };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Telling the analytics service about settled charges (src/modules/analytics/payments.ts); null when it is not configured. */
    analyticsPayments: AnalyticsPayments | null;
  }
}

/**
 * `app.analyticsPayments`, and its job every `intervalMs` (the forget job's setting: one analytics
 * service, one schedule). Configured by the same `ANALYTICS_URL` and `ANALYTICS_ADMIN_TOKEN`.
 */
export default fp<{ options?: AnalyticsForgetOptions | null }>(
  async (app, { options }) => {
    if (!options) {
      app.decorate('analyticsPayments', null);
      return;
    }
    const payments = createAnalyticsPayments(app, options);
    app.decorate('analyticsPayments', payments);
    schedulePeriodic(
      app,
      options.intervalMs ?? DEFAULT_FORGET_INTERVAL_MS,
      async () => {
        const summary = await payments.run();
        if (summary.reported + summary.failed > 0) app.log.info(summary, 'analytics: payments run');
      },
      'analytics: payments run failed',
    );
    app.addHook('onClose', async () => payments.idle());
  },
  { name: 'analytics-payments', dependencies: ['db'] },
);
