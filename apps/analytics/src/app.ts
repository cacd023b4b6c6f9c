import { createHash, timingSafeEqual } from 'node:crypto';
import type { ApiErrorBody } from '@grandstand/contract';
import { errorHandler, frameworkErrors, healthRoute, notFoundHandler, schedulePeriodic } from '@grandstand/service-kit';
import Fastify, { LogController, type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { z } from 'zod';
import {
  BatchBody,
  EventBody,
  eventRow,
  type RowContext,
  SessionBody,
  sessionRow,
  VideoEventBody,
  videoEventRow,
  VideoViewingBody,
  viewingRow,
} from './calls.ts';
import type { RetentionPolicy } from './config.ts';
import { IngestLimiter, type IngestLimits } from './ingestLimits.ts';
import type { Profiles } from './profiles.ts';
import { issueSessionHash, verifySessionHash } from './sessionHash.ts';
import { AdminReports, ReportBody } from './reports/admin.ts';
import { reportsPlugin, type ReportsPluginOptions } from './reports/plugin.ts';
import type { LoginLimits } from './reports/throttle.ts';
import type { EventRow } from './storage/row.ts';
import { QueueFullError, StoreClosedError, type Store } from './storage/store.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The analytics store: the reports read through `app.store.connection`. */
    store: Store;
  }
}

export interface AnalyticsAppOptions {
  store: Store;
  profiles: Profiles;
  /** Signs the session hashes (`ANALYTICS_SECRET`, or the one generated into the data dir). */
  secret: string;
  /** `ANALYTICS_ADMIN_TOKEN`; unset: `/admin/forget` is refused. */
  adminToken?: string | undefined;
  /** Rows older than this are deleted at start and every `retentionIntervalMs` (default hourly); unset: kept. */
  retention?: RetentionPolicy | undefined;
  retentionIntervalMs?: number;
  logger?: FastifyServerOptions['logger'];
  /** Honour X-Forwarded-For (the session's address) only when a trusted proxy is in front. */
  trustProxy?: boolean | string[];
  /** The clock of `received_at` and retention (tests). */
  now?: () => Date;
  /** Ingest's per-client limits (DEFAULT_INGEST_LIMITS for any not given). */
  ingestLimits?: Partial<IngestLimits> | undefined;
  /**
   * The operator's reports under `/reports` (they read through the store's connection; their
   * sign-in throttle keeps its failures in the store); unset: none.
   */
  reports?: (Omit<ReportsPluginOptions, 'connection' | 'login'> & { loginLimits?: Partial<LoginLimits> }) | undefined;
}

/** Bodies are small JSON documents (a batch is at most 100 small items); anything larger is refused with 413. */
export const BODY_LIMIT = 64 * 1024;
/** Seconds a client waits before sending again when the queue is full: a few commits' time. */
export const RETRY_AFTER_SECONDS = 2;
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** A refusal carrying its answer: the error handler sends it as `{ message, field }`. */
class Refusal extends Error {
  readonly statusCode: number;
  readonly field: string;
  constructor(statusCode: number, field: string, message: string) {
    super(message);
    this.statusCode = statusCode;
    this.field = field;
  }
}

/** sendBeacon's text/plain is taken beside JSON (below), so a refused media type says so. */
const BODY_ERRORS = { FST_ERR_CTP_INVALID_MEDIA_TYPE: 'The request body must be JSON (Content-Type: application/json or text/plain).' };

/** The first issue, named by its path (`items.3.body.event`), with every issue by field. */
function invalid(error: z.ZodError, prefix: readonly (string | number)[] = []): ApiErrorBody {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = [...prefix, ...issue.path].map(String).join('.') || 'body';
    (errors[field] ??= []).push(issue.message);
  }
  const field = Object.keys(errors)[0] ?? 'body';
  return { message: `The ${field} field is invalid: ${errors[field]![0]}.`, field, errors };
}

/** Bearer tokens compared as digests: equal length whatever was sent, and in constant time. */
function sameToken(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

const Profile = z.string().min(1).max(128);

const ForgetBody = z.object({
  channel: z.string().min(1).max(64),
  user_id: z.union([z.number().int().positive().max(Number.MAX_SAFE_INTEGER), z.string().regex(/^[1-9][0-9]{0,14}$/).transform(Number)], {
    error: 'must be a positive whole number',
  }),
});

/** The largest DECIMAL(12, 2), as the events' amounts. */
const MAX_AMOUNT = 9_999_999_999.99;
const positiveId = z.union([z.number().int().positive().max(Number.MAX_SAFE_INTEGER), z.string().regex(/^[1-9][0-9]{0,14}$/).transform(Number)], {
  error: 'must be a positive whole number',
});

/** One settled charge, as the channel server tells it (its transaction). */
const PaymentBody = z.object({
  channel: z.string().min(1).max(64),
  payment_id: z.union([z.string().regex(/^[A-Za-z0-9._:-]{1,64}$/), positiveId.transform(String)], { error: 'must be the charge id: 1 to 64 letters, digits, dots, colons, dashes or underscores' }),
  paid_at: z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date and time' }).transform((value) => new Date(value)),
  order_id: positiveId.nullish(),
  product_type: z.enum(['event', 'package', 'subscription'], { error: 'must be event, package or subscription' }).nullish(),
  product_id: positiveId.nullish(),
  product_name: z.string().max(300).nullish(),
  // Cents at most: a charge is money, and DECIMAL(12, 2) keeps it exactly.
  amount: z
    .number()
    .min(0)
    .max(MAX_AMOUNT)
    .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, { error: 'must be a whole number of cents' }),
  currency: z
    .string()
    .regex(/^[A-Za-z]{3}$/, { error: 'must be a three-letter currency code' })
    .transform((code) => code.toUpperCase()),
});

export async function buildAnalyticsApp(options: AnalyticsAppOptions): Promise<FastifyInstance> {
  const { store, profiles, secret } = options;
  const now = options.now ?? (() => new Date());
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: options.trustProxy ?? false,
    bodyLimit: BODY_LIMIT,
    // Thousands of calls a second: a log line each would cost more than storing them. Failures are still logged.
    logController: new LogController({ disableRequestLogging: true }),
    // The site calls /datalake/hash/ with its slash; /datalake/hash is the same call.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    frameworkErrors,
  });
  app.decorate('store', store);
  const limiter = new IngestLimiter(options.ingestLimits);

  // sendBeacon and a cross-origin POST without a preflight send text/plain: the same JSON, parsed
  // by Fastify's own parser (which refuses __proto__ and constructor.prototype keys).
  app.addContentTypeParser('text/plain', { parseAs: 'string', bodyLimit: BODY_LIMIT }, app.getDefaultJsonParser('error', 'error'));

  // The service-kit's handler, the server's too; a Refusal is this service's own answer.
  app.setErrorHandler(
    errorHandler<FastifyError | Refusal>({
      bodyErrors: BODY_ERRORS,
      answer: (error, _request, reply) => {
        if (!(error instanceof Refusal)) return undefined;
        const body: ApiErrorBody = { message: error.message, field: error.field };
        return reply.code(error.statusCode).send(body);
      },
    }),
  );
  app.setNotFoundHandler(notFoundHandler());

  // Any site may call the datalake, without credentials (ANALYTICS-CONTRACT): `*` rather than the
  // Origin echoed, so no cache can serve one site's answer with another's grant. Only Content-Type
  // may be sent cross-origin: the admin call's Authorization never passes a browser's preflight.
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/datalake/')) return;
    reply.header('Access-Control-Allow-Origin', '*');
    if (request.method === 'OPTIONS') {
      reply
        .header('Access-Control-Allow-Methods', 'GET, POST, OPTIONS')
        .header('Access-Control-Allow-Headers', 'Content-Type')
        .header('Access-Control-Max-Age', '86400')
        .code(204)
        .send();
      return reply;
    }
  });
  // Preflights reach the hook above through a route, so they are not 404s.
  app.options('/datalake/*', async (_request, reply) => reply.code(204).send());

  /** The channel the body's profile key names; 401 naming `profile` otherwise. */
  function channelOf(value: unknown): { channel: string; profile: string } {
    const parsed = Profile.safeParse(value);
    const channel = parsed.success ? profiles.channelOf(parsed.data) : null;
    if (!parsed.success || channel === null) throw new Refusal(401, 'profile', 'The profile key is missing or not known.');
    return { channel, profile: parsed.data };
  }

  function bodyObject(request: FastifyRequest): Record<string, unknown> {
    const body = request.body;
    if (body === null || typeof body !== 'object' || Array.isArray(body)) throw new Refusal(400, 'body', 'The request body must be a JSON object.');
    return body as Record<string, unknown>;
  }

  /** The profile and the session hash signed for it (401 otherwise), as every row's context. */
  function authenticate(request: FastifyRequest, sessionField: 'session' | 'session_uuid'): RowContext {
    const body = bodyObject(request);
    const { channel, profile } = channelOf(body['profile']);
    const session = body[sessionField];
    if (typeof session !== 'string' || !verifySessionHash(secret, profile, session)) {
      throw new Refusal(401, sessionField, 'The session is missing or was not issued for this profile.');
    }
    return { channel, session_uuid: session, received_at: now() };
  }

  function parse<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
    const result = schema.safeParse(value);
    if (!result.success) {
      const body = invalid(result.error);
      throw new Refusal(400, body.field!, body.message);
    }
    return result.data;
  }

  /** Stored durably, then `{ data: "ok" }`; a full queue answers 429 and nothing of the call is kept. */
  /**
   * The per-client limits (`ingestLimits.ts`): over one, the call's rows are dropped, counted, and
   * the call is refused (429 with Retry-After for a rate, 403 for the session's day).
   */
  function admit(request: FastifyRequest, reply: FastifyReply, session: string | null, rows: number): void {
    const admission = limiter.admit(request.ip, session, rows, now().getTime());
    if (admission.ok) return;
    reply.header('Retry-After', String(admission.retryAfterSeconds));
    if (admission.reason === 'session_day') {
      throw new Refusal(403, 'session_uuid', `This session has sent its ${limiter.limits.sessionDaily} rows for today; these are not stored.`);
    }
    throw new Refusal(
      429,
      admission.reason === 'address_rate' ? 'request' : 'session_uuid',
      `Too many analytics rows from this ${admission.reason === 'address_rate' ? 'address' : 'session'}; send again in ${admission.retryAfterSeconds} s.`,
    );
  }

  async function store200(request: FastifyRequest, reply: FastifyReply, context: RowContext, rows: EventRow[]) {
    admit(request, reply, context.session_uuid, rows.length);
    try {
      await store.append(rows);
    } catch (error) {
      if (error instanceof QueueFullError || error instanceof StoreClosedError) {
        reply.header('Retry-After', String(RETRY_AFTER_SECONDS));
        const body: ApiErrorBody = { message: 'Too many analytics calls right now; send again shortly.', field: 'request' };
        return reply.code(error instanceof QueueFullError ? 429 : 503).send(body);
      }
      throw error;
    }
    return reply.send({ data: 'ok' });
  }

  app.get('/datalake/hash', async (request, reply) => {
    const { profile } = channelOf((request.query as Record<string, unknown>)['profile']);
    // A new session is one row's worth of the address's rate: fresh sessions are not free.
    admit(request, reply, null, 1);
    // A fresh session each time: nothing is stored until the session call.
    return reply.header('Cache-Control', 'no-store').send({ data: issueSessionHash(secret, profile) });
  });

  app.post('/datalake/session', async (request, reply) => {
    const context = authenticate(request, 'session');
    const body = parse(SessionBody, request.body);
    return store200(request, reply, context, [sessionRow(context, body, request.ip ?? null)]);
  });

  app.post('/datalake/event', async (request, reply) => {
    const context = authenticate(request, 'session_uuid');
    return store200(request, reply, context, [eventRow(context, parse(EventBody, request.body))]);
  });

  app.post('/datalake/video/event', async (request, reply) => {
    const context = authenticate(request, 'session_uuid');
    return store200(request, reply, context, [videoEventRow(context, parse(VideoEventBody, request.body))]);
  });

  app.post('/datalake/video/viewing', async (request, reply) => {
    const context = authenticate(request, 'session_uuid');
    return store200(request, reply, context, [viewingRow(context, parse(VideoViewingBody, request.body))]);
  });

  // Validated whole before anything is stored, then stored in one commit: all of it or none.
  app.post('/datalake/batch', async (request, reply) => {
    const context = authenticate(request, 'session_uuid');
    const { items } = parse(BatchBody, request.body);
    if (items.length > limiter.limits.batchItems) {
      limiter.refuseBatch(items.length);
      throw new Refusal(400, 'items', `The items field is invalid: must hold at most ${limiter.limits.batchItems} items.`);
    }
    const rows = items.map((item) =>
      item.call === 'event' ? eventRow(context, item.body) : item.call === 'video/event' ? videoEventRow(context, item.body) : viewingRow(context, item.body),
    );
    return store200(request, reply, context, rows);
  });

  // A viewer's account deleted: their rows go, and every row of the sessions they appeared in
  // (those rows are theirs too, signed in or not), in that channel only.
  const admin = (request: FastifyRequest) => {
    const header = request.headers.authorization ?? '';
    const token = /^Bearer (.+)$/.exec(header)?.[1];
    if (!options.adminToken) throw new Refusal(403, 'authorization', 'The admin calls are off: ANALYTICS_ADMIN_TOKEN is not set.');
    if (token === undefined || !sameToken(token, options.adminToken)) throw new Refusal(401, 'authorization', 'The admin token is missing or wrong.');
  };

  app.post('/admin/forget', async (request, reply) => {
    admin(request);
    const body = parse(ForgetBody, bodyObject(request));
    if (!profiles.channels.includes(body.channel)) throw new Refusal(404, 'channel', `No channel "${body.channel}" here.`);
    const deleted = await store.forget(body.channel, body.user_id);
    request.log.info({ channel: body.channel, deleted }, 'viewer forgotten');
    return reply.send({ data: { deleted } });
  });

  // A charge the channel server settled: the reports' revenue, which the public profile key cannot
  // write. Idempotent by (channel, payment_id): the server retries until it hears 200.
  app.post('/admin/payment', async (request, reply) => {
    admin(request);
    const body = parse(PaymentBody, bodyObject(request));
    if (!profiles.channels.includes(body.channel)) throw new Refusal(404, 'channel', `No channel "${body.channel}" here.`);
    const received = now();
    // The server's clock may run a little ahead: a charge is never stored in the future.
    const paidAt = body.paid_at.getTime() > received.getTime() ? received : body.paid_at;
    const stored = await store.recordPayment({
      channel: body.channel,
      payment_id: body.payment_id,
      paid_at: paidAt,
      received_at: received,
      order_id: body.order_id ?? null,
      product_type: body.product_type ?? null,
      product_id: body.product_id ?? null,
      product_name: body.product_name ?? null,
      amount: body.amount,
      currency: body.currency,
    });
    return reply.send({ data: { stored } });
  });

  // The control room's reports (the channel server asks with the admin token): a channel's audience
  // figures for a period as JSON, over a read connection of its own (reports/admin.ts).
  let adminReports: Promise<AdminReports> | undefined;
  app.post('/admin/report', async (request, reply) => {
    admin(request);
    const body = parse(ReportBody, bodyObject(request));
    if (!profiles.channels.includes(body.channel)) throw new Refusal(404, 'channel', `No channel "${body.channel}" here.`);
    adminReports ??= store.connect().then((connection) => new AdminReports(connection));
    const report = await (await adminReports).report(body.channel, { from: body.from, to: body.to }, now());
    return reply.send({ data: report });
  });

  healthRoute(app, {
    path: '/healthz',
    report: () => {
      const stats = store.stats();
      return {
        data: {
          status: 'ok',
          queued: stats.queued,
          queue_limit: stats.queueLimit,
          committed_rows: stats.committedRows,
          commits: stats.commits,
          // Rows refused by the per-client limits since start, by reason: counted, never stored.
          dropped: { ...limiter.dropped },
        },
      };
    },
  });

  if (options.reports) {
    const { loginLimits, ...reports } = options.reports;
    const login = { connection: await store.connect(), ...(loginLimits ? { limits: loginLimits } : {}) };
    await app.register(reportsPlugin, { prefix: '/reports', connection: store.connection, login, ...reports });
  }

  const retention = options.retention;
  if (retention) {
    // At start (ready once it is done), then every interval, as the server's periodic jobs.
    const prune = async () => {
      const deleted = await pruneExpired(store, retention, now());
      if (deleted > 0) app.log.info({ deleted }, 'retention: expired rows deleted');
    };
    schedulePeriodic(app, options.retentionIntervalMs ?? HOUR_MS, prune, 'retention: pruning failed', { atReady: true });
  }

  return app;
}

/** Deletes the rows past each channel's retention (`ANALYTICS_RETENTION`, else `ANALYTICS_RETENTION_DAYS`). */
export function pruneExpired(store: Store, policy: RetentionPolicy, now: Date): Promise<number> {
  const before = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const channels = Object.fromEntries(Object.entries(policy.channels).map(([slug, days]) => [slug, before(days)]));
  return store.prune({ channels, otherwise: before(policy.defaultDays) });
}
