import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import { databaseCounter, databaseRateLimitStore } from './rate-limit-store.ts';

export interface AuthRateLimitOptions {
  /** Attempts per window per client address and channel, on each limited route. Default 10. */
  max?: number;
  /** Window in milliseconds. Default one minute. */
  timeWindowMs?: number;
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
      // Counted in the database, so the limit holds across every instance on it (architecture: stateless instances).
      store: databaseRateLimitStore(databaseCounter(app.db)),
      max: options.max ?? 10,
      timeWindow: options.timeWindowMs ?? 60_000,
      // After the key check (preValidation), so the channel is known: per client and channel.
      hook: 'preHandler',
      keyGenerator: (request) => `${request.ip}|${request.channelId}`,
      errorResponseBuilder: (_request, context) => Object.assign(new Error(TOO_MANY_ATTEMPTS_MESSAGE), { statusCode: context.statusCode }),
    });
  },
  { name: 'auth-rate-limit', dependencies: ['db', 'api-key-auth'] },
);
