import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { DuckDBConnection } from '@duckdb/node-api';
import { hash, verify } from '@node-rs/argon2';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { pickLocale, translator, type Locale } from './i18n.ts';
import { channelsOf, type ChannelInfo, type Operator } from './operators.ts';
import { MAX_DAYS, parsePagePeriod, parsePeriod, type PeriodError } from './period.ts';
import { ReportQueries, type ReportQueriesOptions } from './queries.ts';
import { renderError, renderLogin, renderPage, renderReports } from './render.ts';
import { readCookie } from '@grandstand/service-kit';
import { SESSION_COOKIE, sessionCookie, Sessions, type Session } from './session.ts';
import { RemoteOperators, type RemoteOperatorsOptions } from './remote.ts';
import { type LoginLimits, LoginThrottle } from './throttle.ts';

export { demoOperators, parseOperators, type ChannelInfo, type Operator } from './operators.ts';

export interface ReportsPluginOptions {
  /** Read-only use of the store: reports only SELECT from `events` (their rollups live in memory). */
  connection: DuckDBConnection;
  operators: Operator[];
  /** Every channel the service knows, with the name the operator sees. */
  channels: ChannelInfo[];
  /** Signs the session cookies (at least 16 characters). */
  secret: string;
  /** Behind HTTPS: the cookie is `Secure` and the expected Origin is https. */
  secure?: boolean;
  /** Where the page's built script and stylesheet are (default `web/dist` of this package). */
  assetsDir?: string;
  /** The clock (tests). */
  now?: () => Date;
  /**
   * The sign-in throttle's own connection to the store (its `login_failures` table; a connection of
   * its own, as one connection runs one statement at a time), and its limits (DEFAULT_LOGIN_LIMITS).
   */
  login: { connection: DuckDBConnection; limits?: Partial<LoginLimits> };
  /**
   * One operator identity with the control room (`ANALYTICS_OPERATORS_URL`): sign-ins are checked
   * against the channel server's operators, and `operators` is not used.
   */
  remoteOperators?: RemoteOperatorsOptions;
  /** Rollup settings; `prewarm` rolls up every channel's closed days when the app starts (default true). */
  rollups?: ReportQueriesOptions & { prewarm?: boolean };
}

const DEFAULT_ASSETS = fileURLToPath(new URL('../../web/dist/', import.meta.url));
const ASSETS: Record<string, string> = {
  'app.js': 'text/javascript; charset=utf-8',
  'app.css': 'text/css; charset=utf-8',
};

// No inline script or style anywhere: the page's one script and one stylesheet come from here.
const CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ');

const MAX_EMAIL = 254;
const MAX_PASSWORD = 1024;

interface ErrorBody {
  message: string;
  field?: string;
}

/**
 * The operator's reports under `/reports`: a sign-in, the page, and one JSON call per channel
 * and period. Register with `app.register(reportsPlugin, { prefix: '/reports', ... })`.
 */
export async function reportsPlugin(app: FastifyInstance, options: ReportsPluginOptions): Promise<void> {
  const secure = options.secure ?? false;
  const now = options.now ?? (() => new Date());
  const sessions = new Sessions(options.secret);
  const remote = options.remoteOperators ? new RemoteOperators(options.remoteOperators) : null;
  const operators: ReadonlyMap<string, Operator> = remote ? remote.known : new Map(options.operators.map((operator) => [operator.email.toLowerCase(), operator]));
  const queries = new ReportQueries(options.connection, options.rollups);
  const assetsDir = options.assetsDir ?? DEFAULT_ASSETS;
  const throttle = new LoginThrottle(options.login.connection, options.login.limits);
  // An unknown email is checked against this hash too, so the answer takes as long either way.
  const decoy = await hash(`decoy-${options.secret}`);

  if (options.rollups?.prewarm ?? true) {
    // Roll up every channel's past days once the app is ready, then refresh them every ttl, in the
    // background: reports never wait for more than a month of it.
    let running: Promise<unknown> = Promise.resolve();
    let timer: NodeJS.Timeout | undefined;
    let closing = false;
    const refresh = () => {
      const at = now();
      running = (async () => {
        for (const channel of options.channels) {
          if (closing) return;
          await queries.refresh(channel.slug, at, MAX_DAYS);
        }
      })().catch((error: unknown) => app.log.warn({ err: error }, 'reports: rolling up past days failed; reports roll them up on demand'));
    };
    app.addHook('onReady', async () => {
      refresh();
      timer = setInterval(() => void running.then(refresh), queries.ttlMs);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      closing = true;
      clearInterval(timer);
      await running;
    });
  }

  // The sign-in form posts urlencoded; the app may already read it (then its parser serves here too).
  if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) {
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
  }

  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('Content-Security-Policy', CSP);
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('X-Frame-Options', 'DENY');
    // Not `no-referrer`: under it a browser sends `Origin: null` with a form's POST, and the CSRF
    // check could not tell the service's own sign-in form from any other.
    reply.header('Referrer-Policy', 'same-origin');
    reply.header('Cross-Origin-Resource-Policy', 'same-origin');
    // Figures are private: never kept by a shared cache. The assets may be kept but rechecked.
    if (!reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store');
    return payload;
  });

  const localeOf = (request: FastifyRequest): Locale => {
    const query = request.query as Record<string, unknown> | undefined;
    const body = request.body as Record<string, unknown> | undefined;
    return pickLocale(query?.lang ?? body?.lang, request.headers['accept-language']);
  };

  const sessionOf = (request: FastifyRequest): Session | null =>
    sessions.read(readCookie(request.headers.cookie, SESSION_COOKIE), operators, now().getTime());

  /** CSRF: a state-changing request must come from a page of this service itself. */
  const sameOrigin = (request: FastifyRequest): boolean => {
    const origin = request.headers.origin;
    if (typeof origin !== 'string' || !request.host) return false;
    return origin === `${secure ? 'https' : request.protocol}://${request.host}`;
  };

  const fail = (reply: FastifyReply, status: number, body: ErrorBody) => reply.code(status).type('application/json; charset=utf-8').send(body);

  // The page, or the sign-in for whoever has no session.
  app.get('/', async (request, reply) => {
    const locale = localeOf(request);
    const session = sessionOf(request);
    if (!session) return reply.redirect(`/reports/login?lang=${locale}`, 303);
    const query = request.query as Record<string, unknown>;
    const mine = channelsOf(session.operator, options.channels);
    const channel = query.channel === undefined ? mine[0]?.slug : query.channel;
    const t = translator(locale);
    const page = (status: number, view: Omit<Parameters<typeof renderPage>[0], 'locale' | 'operatorName' | 'channels'>) =>
      reply
        .code(status)
        .type('text/html; charset=utf-8')
        .send(renderPage({ locale, operatorName: session.operator.name, channels: mine, ...view }));

    const period = parsePagePeriod(query, now());
    const days = period.ok ? { from: period.from, until: period.until } : { from: String(query.from ?? ''), until: String(query.until ?? '') };
    if (typeof channel !== 'string' || !mine.some((c) => c.slug === channel)) {
      return page(404, { channel: '', ...days, body: `<p class="error" role="alert">${t('notFound')}</p>`, summary: null });
    }
    if (!period.ok) {
      return page(400, { channel, ...days, body: '', summary: null, fieldError: { field: period.field, message: periodMessage(period, locale) } });
    }
    try {
      const summary = await queries.summary(channel, period.period, now());
      return page(200, { channel, ...days, body: renderReports(summary, locale), summary });
    } catch (error) {
      request.log.error({ err: error }, 'reports: a report failed');
      return page(500, { channel, ...days, body: renderError(locale), summary: null });
    }
  });

  app.get('/api/:channel/summary', async (request, reply) => {
    const session = sessionOf(request);
    if (!session) return fail(reply, 401, { message: 'sign in first', field: 'session' });
    const { channel } = request.params as { channel: string };
    // Another operator's channel answers exactly as a channel that does not exist.
    if (!channelsOf(session.operator, options.channels).some((c) => c.slug === channel)) {
      return fail(reply, 404, { message: 'no such channel', field: 'channel' });
    }
    const period = parsePeriod(request.query as Record<string, unknown>, now());
    if (!period.ok) return fail(reply, 400, { message: period.message, field: period.field });
    try {
      const summary = await queries.summary(channel, period.period, now());
      return reply.type('application/json; charset=utf-8').send({ data: summary });
    } catch (error) {
      // The store's own message (SQL, paths) stays in the log.
      request.log.error({ err: error }, 'reports: a report failed');
      return fail(reply, 500, { message: 'the reports could not be computed' });
    }
  });

  app.get('/login', async (request, reply) => {
    const locale = localeOf(request);
    if (sessionOf(request)) return reply.redirect(`/reports/?lang=${locale}`, 303);
    return reply.type('text/html; charset=utf-8').send(renderLogin({ locale }));
  });

  app.post('/login', async (request, reply) => {
    const locale = localeOf(request);
    const t = translator(locale);
    const isForm = (request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
    const refuse = (status: number, body: ErrorBody, shown: string, email?: string, askCode = false) =>
      isForm
        ? reply.code(status).type('text/html; charset=utf-8').send(renderLogin({ locale, error: shown, askCode, ...(email ? { email } : {}) }))
        : fail(reply, status, body);

    if (!sameOrigin(request)) return fail(reply, 403, { message: 'this request must come from the reports page', field: 'origin' });
    const body = (request.body ?? {}) as Record<string, unknown>;
    const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
    const password = typeof body.password === 'string' ? body.password : '';
    if (!email || email.length > MAX_EMAIL) return refuse(400, { message: 'email is required (at most 254 characters)', field: 'email' }, t('badRequest'));
    if (!password || password.length > MAX_PASSWORD) {
      return refuse(400, { message: 'password is required (at most 1024 characters)', field: 'password' }, t('badRequest'), email);
    }

    const at = now().getTime();
    // Counted as a failure before the password is checked; a right one takes it back.
    const wait = await throttle.attempt(email, request.ip, at);
    if (wait > 0) {
      reply.header('Retry-After', String(wait));
      return refuse(429, { message: 'too many sign-in attempts', field: 'email' }, t('tooMany', { seconds: wait }), email);
    }
    let operator: Operator | undefined;
    if (remote) {
      const code = typeof body.code === 'string' ? body.code.trim().slice(0, 16) : '';
      const outcome = await remote.check({ email, password, address: request.ip, ...(code ? { code } : {}) });
      switch (outcome.kind) {
        case 'ok':
          operator = outcome.operator;
          break;
        case 'code-required':
          // The password was right: no failure; the form asks for the code and both come again.
          await throttle.succeed(email, request.ip);
          return refuse(401, { message: 'enter the code from your authenticator app', field: 'code' }, t('codeRequired'), email, true);
        case 'code-invalid':
          return refuse(401, { message: 'the code is wrong or has already been used', field: 'code' }, t('codeInvalid'), email, true);
        case 'throttled':
          reply.header('Retry-After', String(outcome.retryAfter));
          return refuse(429, { message: 'too many sign-in attempts', field: 'email' }, t('tooMany', { seconds: outcome.retryAfter }), email);
        case 'no-reports':
          return refuse(403, { message: 'no channel gives this operator the reports', field: 'email' }, t('noReports'), email);
        case 'unavailable':
          request.log.warn('reports: the channel server did not answer the sign-in check');
          return refuse(503, { message: 'signing in is not possible right now', field: 'email' }, t('unavailable'), email);
        case 'invalid':
          return refuse(401, { message: 'the email or the password is not right', field: 'password' }, t('badLogin'), email);
      }
    } else {
      operator = operators.get(email);
      // A malformed stored hash counts as a wrong password, never as a crash.
      const valid = await verify(operator?.password_hash ?? decoy, password).catch(() => false);
      if (!operator || !valid) {
        return refuse(401, { message: 'the email or the password is not right', field: 'password' }, t('badLogin'), email);
      }
    }
    await throttle.succeed(email, request.ip);
    const issued = sessions.issue(operator, at);
    reply.header('Set-Cookie', sessionCookie(issued.value, issued.maxAge, secure));
    return isForm ? reply.redirect(`/reports/?lang=${locale}`, 303) : reply.send({ data: { email: operator.email, name: operator.name } });
  });

  app.post('/logout', async (request, reply) => {
    if (!sameOrigin(request)) return fail(reply, 403, { message: 'this request must come from the reports page', field: 'origin' });
    const session = sessionOf(request);
    if (session) sessions.revoke(session, now().getTime());
    reply.header('Set-Cookie', sessionCookie('', 0, secure));
    return reply.redirect(`/reports/login?lang=${localeOf(request)}`, 303);
  });

  app.get('/assets/:file', async (request, reply) => {
    const { file } = request.params as { file: string };
    // Only the two known names: nothing from the request ever reaches a path.
    const type = Object.hasOwn(ASSETS, file) ? ASSETS[file] : undefined;
    if (!type) return fail(reply, 404, { message: 'no such asset', field: 'file' });
    let content: Buffer;
    try {
      content = await readFile(new URL(file, `file://${assetsDir.endsWith('/') ? assetsDir : `${assetsDir}/`}`));
    } catch {
      return fail(reply, 404, { message: 'the page is not built (pnpm --filter @grandstand/analytics-service build)', field: 'file' });
    }
    reply.header('Cache-Control', 'no-cache');
    return reply.type(type).send(content);
  });
}

function periodMessage(error: PeriodError, locale: Locale): string {
  const fr = locale === 'fr';
  const field = error.field === 'from' ? (fr ? 'Du' : 'From') : fr ? 'Au' : 'Until';
  switch (error.code) {
    case 'invalid':
      return fr ? `${field} : saisissez une date (AAAA-MM-JJ).` : `${field}: enter a date (YYYY-MM-DD).`;
    case 'order':
      return fr ? 'Au : la fin ne peut pas précéder le début.' : 'Until: the end cannot be before the start.';
    case 'future':
      return fr ? 'Du : le début ne peut pas être dans le futur.' : 'From: the start cannot be in the future.';
    case 'too_long':
      return fr ? `Au : la période ne peut pas dépasser ${MAX_DAYS} jours.` : `Until: the period cannot be longer than ${MAX_DAYS} days.`;
  }
}
