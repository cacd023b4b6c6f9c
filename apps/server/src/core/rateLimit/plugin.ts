import { createHash } from 'node:crypto';
import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { databaseCounter, databaseRateLimitStore } from './store.ts';

/**
 * Key exchanges per minute per client address: a school's viewers share one public address, and a
 * few hundred of them opening the site in the same minute (a game starting) must all get a key; a
 * script minting thousands of rows a minute must not.
 */
export const DEFAULT_KEY_EXCHANGE_RATE_LIMIT = 300;

/**
 * Password-reset requests an hour per email address (and channel): each one mails the address, so
 * without this anyone could flood a viewer's mailbox from many client addresses. A viewer who lost
 * the first mail asks again once or twice; the link lasts an hour anyway.
 */
export const DEFAULT_RESET_REQUESTS_PER_EMAIL = 3;
/** Password-reset requests an hour per client address, whatever the email address: one client cannot mail every address it knows. */
export const DEFAULT_RESET_REQUESTS_PER_CLIENT = 20;
export const DEFAULT_RESET_REQUEST_WINDOW_MS = 60 * 60 * 1000;

export interface AuthRateLimitOptions {
  /** Attempts per window per client address and channel, on each limited route. Default 10. */
  max?: number;
  /** Window in milliseconds. Default one minute. */
  timeWindowMs?: number;
  /** Key exchanges (`POST /api/get_api_key`) per window per client address. Default 300 (`KEY_EXCHANGE_RATE_LIMIT`). */
  keyExchangeMax?: number;
  /** Promo-code tries (apply_coupon and buys that carry a code) per window, per client address and channel and per viewer. Default 30. */
  couponMax?: number;
  /** Window of the promo-code tries in milliseconds. Default one minute. */
  couponTimeWindowMs?: number;
  /** Library searches the answer cache does not hold, a minute per client address and channel. Default 120 (DEFAULT_SEARCH_RATE_LIMIT). */
  searchMax?: number;
  /** Password-reset requests per window per email address and channel. Default 3 (`PASSWORD_RESET_LIMIT_PER_EMAIL`). */
  resetPerEmailMax?: number;
  /** Password-reset requests per window per client address. Default 20 (`PASSWORD_RESET_LIMIT_PER_CLIENT`). */
  resetPerClientMax?: number;
  /** Window of both reset limits in milliseconds. Default one hour (`PASSWORD_RESET_LIMIT_WINDOW`). */
  resetTimeWindowMs?: number;
}

/**
 * A search the answer cache misses costs a full-text query (tens of milliseconds, more on PGlite);
 * a client sending new words without end could keep the database busy. The header box asks as a
 * viewer types, so a fast typist's minute stays far below this; repeated words are answered from
 * the cache and never counted.
 */
export const DEFAULT_SEARCH_RATE_LIMIT = 120;

/** One promo-code try of the request: answers 429 (thrown, as the limiter's own) once the tries are spent. */
export type CouponTry = (request: FastifyRequest, reply: FastifyReply, userId: number | null) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Counts a promo-code guess, wherever it is made (apply_coupon, buy). */
    couponTry: CouponTry;
    /** Counts a search that will reach the database: 429 once the client's minute is spent. */
    searchTry: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** Counts a password-reset request for `email`: the seconds to wait once the address's or the client's tries are spent, else null. */
    resetRequestTry: (request: FastifyRequest, email: string) => Promise<number | null>;
  }
}

declare module '../appOptions.ts' {
  interface ModuleOptions {
    /** Limits of the account routes that guessing could abuse (tests raise or lower them). */
    rateLimit?: AuthRateLimitOptions;
  }
}

/**
 * Login, registration, password reset, email verification and device linking
 * are rate limited (429, spec §8: a global error, not retried). Routes opt in with
 * `config: { rateLimit: {} }`; the routes below are limited whoever declares them.
 */
export const LIMITED_ROUTES = new Set([
  '/api/v2/auth/login',
  '/api/v2/auth/register',
  '/api/auth/email-verify',
  '/api/auth/password-reset-request',
  '/api/auth/password-reset',
  '/api/auth/device_code',
  '/api/auth/add_session',
]);

/**
 * Routes that check the account's password, and the body field holding it: a logged-in key (a
 * stolen one, a shared device) could otherwise guess it without end. Calls that carry the password
 * are limited per client address and channel, like the routes above, and per user, so guesses
 * spread over many addresses still meet the same limit. A names-only profile update is not limited.
 */
export const PASSWORD_CHECK_ROUTES = new Map([
  ['/api/profile', 'current_password'],
  ['/api/delete-account-confirm', 'password'],
]);

/**
 * The key exchange mints a database row per call: limited per client address (an IPv6 client by its
 * /64, which one subscriber usually holds whole), generously, since a school's viewers share one
 * address (see DEFAULT_KEY_EXCHANGE_RATE_LIMIT).
 */
export const KEY_EXCHANGE_ROUTE = '/api/get_api_key';

export const TOO_MANY_ATTEMPTS_MESSAGE = 'Too many attempts. Please wait a minute and try again.';

function tooManyAttempts(statusCode: number): Error {
  return Object.assign(new Error(TOO_MANY_ATTEMPTS_MESSAGE), { statusCode });
}

function carriesPassword(request: FastifyRequest, field: string): boolean {
  const body = request.body;
  if (body === null || typeof body !== 'object') return false;
  const value = (body as Record<string, unknown>)[field];
  return typeof value === 'string' && value.length > 0;
}

type UserLimiter = ReturnType<FastifyInstance['createRateLimit']>;

export default fp<AuthRateLimitOptions>(
  async (app, options) => {
    // Set once the limiter is registered (below), before any route is declared.
    let userLimiter: UserLimiter | null = null;
    const perUser = (field: string): preHandlerAsyncHookHandler =>
      async function perUserLimit(request, reply) {
        if (request.userId === null || !carriesPassword(request, field) || !userLimiter) return;
        const outcome = await userLimiter(request);
        if (outcome.isAllowed || !outcome.isExceeded) return;
        reply.header('retry-after', outcome.ttlInSeconds);
        throw tooManyAttempts(429);
      };
    // Added before the limiter's own onRoute hook, so it sees the config set here.
    app.addHook('onRoute', (route) => {
      if (route.method === 'POST' && LIMITED_ROUTES.has(route.url) && route.config?.rateLimit === undefined) {
        route.config = { ...route.config, rateLimit: {} };
      }
      if (route.method !== 'POST' || route.config?.rateLimit !== undefined) return;
      const passwordField = PASSWORD_CHECK_ROUTES.get(route.url);
      if (passwordField !== undefined) {
        route.config = { ...route.config, rateLimit: { allowList: (request: FastifyRequest) => !carriesPassword(request, passwordField) } };
        const existing = route.preHandler === undefined ? [] : Array.isArray(route.preHandler) ? route.preHandler : [route.preHandler];
        route.preHandler = [...existing, perUser(passwordField)];
      }
      if (route.url === KEY_EXCHANGE_ROUTE) {
        route.config = {
          ...route.config,
          rateLimit: { max: options.keyExchangeMax ?? DEFAULT_KEY_EXCHANGE_RATE_LIMIT, keyGenerator: (request: FastifyRequest) => `key-exchange|${normalizeIP(request.ip)}` },
        };
      }
    });
    await app.register(rateLimit, {
      global: false,
      // Counted in the database, so the limit holds across every instance on it (architecture: stateless instances).
      store: databaseRateLimitStore(databaseCounter(app.db)),
      max: options.max ?? 10,
      timeWindow: options.timeWindowMs ?? 60_000,
      // After the key check (preValidation), so the channel is known: per client and channel. An
      // IPv6 client by its /64, which one subscriber holds whole: rotating addresses within it buys nothing.
      hook: 'preHandler',
      keyGenerator: (request) => `${normalizeIP(request.ip)}|${request.channelId}`,
      errorResponseBuilder: (_request, context) => Object.assign(new Error(TOO_MANY_ATTEMPTS_MESSAGE), { statusCode: context.statusCode }),
    });
    // The per-user counter of the password-check routes (one for both routes), in the limiter's store.
    userLimiter = app.createRateLimit({ keyGenerator: (request) => `password-check|${request.channelId}|${request.userId}` });

    // Promo codes are guessed through apply_coupon and through buy alike (a buy with a wrong code
    // says so): one pair of counters, created once so both routes share them, per client address
    // and channel and per viewer (a guesser rotating addresses with one account still stops).
    const couponLimit = { max: options.couponMax ?? 30, timeWindow: options.couponTimeWindowMs ?? 60_000 };
    const byClient = app.createRateLimit({ ...couponLimit, keyGenerator: (request) => `coupon|${normalizeIP(request.ip)}|${request.channelId}` });
    const byViewer = app.createRateLimit({ ...couponLimit, keyGenerator: (request) => `coupon-user|${request.channelId}|${request.userId}` });
    app.decorate('couponTry', async (request: FastifyRequest, reply: FastifyReply, userId: number | null) => {
      const results = [await byClient(request), ...(userId === null ? [] : [await byViewer(request)])];
      const exceeded = results.find((result) => !result.isAllowed && result.isExceeded);
      if (!exceeded || exceeded.isAllowed) return;
      reply.header('retry-after', exceeded.ttlInSeconds);
      throw tooManyAttempts(429);
    });

    const searchLimiter = app.createRateLimit({
      max: options.searchMax ?? DEFAULT_SEARCH_RATE_LIMIT,
      timeWindow: 60_000,
      keyGenerator: (request) => `search|${normalizeIP(request.ip)}|${request.channelId}`,
    });
    app.decorate('searchTry', async (request: FastifyRequest, reply: FastifyReply) => {
      const outcome = await searchLimiter(request);
      if (outcome.isAllowed || !outcome.isExceeded) return;
      reply.header('retry-after', outcome.ttlInSeconds);
      throw tooManyAttempts(429);
    });

    // Password-reset requests, over the minute limit every account route has: each mails an
    // address, so an hour's tries per address (whichever clients ask) and per client address
    // (whichever addresses it names). Both are counted for every well-formed request, known
    // address or not, so the answers tell nothing of which addresses hold an account.
    const resetWindow = options.resetTimeWindowMs ?? DEFAULT_RESET_REQUEST_WINDOW_MS;
    const resetByClient = app.createRateLimit({
      max: options.resetPerClientMax ?? DEFAULT_RESET_REQUESTS_PER_CLIENT,
      timeWindow: resetWindow,
      keyGenerator: (request) => `reset-client|${normalizeIP(request.ip)}`,
    });
    const emailKeys = new WeakMap<FastifyRequest, string>();
    const resetByEmail = app.createRateLimit({
      max: options.resetPerEmailMax ?? DEFAULT_RESET_REQUESTS_PER_EMAIL,
      timeWindow: resetWindow,
      keyGenerator: (request) => emailKeys.get(request) ?? '',
    });
    app.decorate('resetRequestTry', async (request: FastifyRequest, email: string) => {
      // The address as the accounts match it, hashed: the counters' table holds no email address.
      const digest = createHash('sha256').update(email.trim().toLowerCase()).digest('base64url');
      emailKeys.set(request, `reset-email|${request.channelId}|${digest}`);
      const results = [await resetByClient(request), await resetByEmail(request)];
      const exceeded = results.find((result) => !result.isAllowed && result.isExceeded);
      return exceeded && !exceeded.isAllowed ? exceeded.ttlInSeconds : null;
    });
  },
  { name: 'auth-rate-limit', dependencies: ['db', 'api-key-auth'] },
);
