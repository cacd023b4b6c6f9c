import rateLimit from '@fastify/rate-limit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

export interface AuthRateLimitOptions {
  /** Attempts per window per client address and channel, on each limited route. Default 10. */
  max?: number;
  /** Window in milliseconds. Default one minute. */
  timeWindowMs?: number;
  /** Promo-code tries (apply_coupon and buys that carry a code) per window, per client address and channel and per viewer. Default 30. */
  couponMax?: number;
  /** Window of the promo-code tries in milliseconds. Default one minute. */
  couponTimeWindowMs?: number;
}

/** One promo-code try of the request: answers 429 (thrown, as the limiter's own) once the tries are spent. */
export type CouponTry = (request: FastifyRequest, reply: FastifyReply, userId: number | null) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Counts a promo-code guess, wherever it is made (apply_coupon, buy). */
    couponTry: CouponTry;
  }
}

declare module '../app.ts' {
  interface BuildAppOptions {
    /** Limits of the account routes that guessing could abuse (tests raise or lower them). */
    rateLimit?: AuthRateLimitOptions;
  }
}

/**
 * issue 4 Security: login, registration, password reset, email verification and device linking
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

export const TOO_MANY_ATTEMPTS_MESSAGE = 'Too many attempts. Please wait a minute and try again.';

export default fp<AuthRateLimitOptions>(
  async (app, options) => {
    // Added before the limiter's own onRoute hook, so it sees the config set here.
    app.addHook('onRoute', (route) => {
      if (route.method === 'POST' && LIMITED_ROUTES.has(route.url) && route.config?.rateLimit === undefined) {
        route.config = { ...route.config, rateLimit: {} };
      }
    });
    await app.register(rateLimit, {
      global: false,
      max: options.max ?? 10,
      timeWindow: options.timeWindowMs ?? 60_000,
      // After the key check (preValidation), so the channel is known: per client and channel.
      hook: 'preHandler',
      keyGenerator: (request) => `${request.ip}|${request.channelId}`,
      errorResponseBuilder: (_request, context) => Object.assign(new Error(TOO_MANY_ATTEMPTS_MESSAGE), { statusCode: context.statusCode }),
    });

    // Promo codes are guessed through apply_coupon and through buy alike (a buy with a wrong code
    // says so): one pair of counters, created once so both routes share them, per client address
    // and channel and per viewer (a guesser rotating addresses with one account still stops).
    const couponLimit = { max: options.couponMax ?? 30, timeWindow: options.couponTimeWindowMs ?? 60_000 };
    const byClient = app.createRateLimit({ ...couponLimit, keyGenerator: (request) => `coupon|${request.ip}|${request.channelId}` });
    const byViewer = app.createRateLimit({ ...couponLimit, keyGenerator: (request) => `coupon-user|${request.channelId}|${request.userId}` });
    app.decorate('couponTry', async (request: FastifyRequest, reply: FastifyReply, userId: number | null) => {
      const results = [await byClient(request), ...(userId === null ? [] : [await byViewer(request)])];
      const exceeded = results.find((result) => !result.isAllowed && result.isExceeded);
      if (!exceeded || exceeded.isAllowed) return;
      reply.header('retry-after', exceeded.ttlInSeconds);
      throw Object.assign(new Error(TOO_MANY_ATTEMPTS_MESSAGE), { statusCode: 429 });
    });
  },
  { name: 'auth-rate-limit', dependencies: ['api-key-auth'] },
);
