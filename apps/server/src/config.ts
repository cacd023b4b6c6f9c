import { hostname } from 'node:os';
import { dirname, join } from 'node:path';
import { CardProvider, ErrorDsn, isPublicOrigin, PUBLIC_ORIGIN_PROBLEM, type SocialProvider } from '@grandstand/contract';
import { duration, got, type LogLevel, logLevel, onOff, parseEnv, path, port, trustProxy, variable, wholeNumber } from '@grandstand/service-kit';
import { z } from 'zod';
import {
  type AccountsConfig,
  DEFAULT_KEY_EXCHANGE_RATE_LIMIT,
  DEFAULT_KEY_PRUNE_INTERVAL_MS,
  DEFAULT_RESET_REQUEST_WINDOW_MS,
  DEFAULT_RESET_REQUESTS_PER_CLIENT,
  DEFAULT_RESET_REQUESTS_PER_EMAIL,
  DEFAULT_SESSION_ABSOLUTE_LIFETIME_MS,
  DEFAULT_SESSION_IDLE_LIFETIME_MS,
  DEFAULT_VISITOR_KEY_IDLE_MS,
} from './modules/accounts/config.ts';
import { DEFAULT_PORT } from './core/channels/publicOrigins.ts';
import {
  type ClipLimits,
  DEFAULT_CLIP_ADDRESS_RATE_LIMIT,
  DEFAULT_CLIP_DOWNLOADS_PER_DAY,
  DEFAULT_CLIP_MAX_CLIPS,
  DEFAULT_CLIP_RATE_LIMIT,
  DEFAULT_CLIP_SECONDS_PER_DAY,
  DEFAULT_CLIP_STORAGE_QUOTA_MB,
  MIB,
} from './modules/clips/limits.ts';
import { DEFAULT_CLIP_LEASE_MS, DEFAULT_CLIP_WORKERS } from './modules/clips/queue.ts';
import { DEFAULT_TRANSCODE_WORKERS, DEFAULT_UPLOAD_EXPIRY_MS, DEFAULT_UPLOAD_MAX_BYTES, DEFAULT_UPLOAD_QUOTA_BYTES } from './modules/vod/library/config.ts';
import { DEFAULT_LADDER, parseLadder, type Rendition } from './core/media/transcode.ts';
import { DEFAULT_CONSOLE_SESSION_SECONDS, type OperatorsOptions } from './modules/operators/plugin.ts';
import { DEFAULT_SIGN_IN_LIMITS } from './modules/operators/throttle.ts';
import { DEFAULT_RENEWAL_ATTEMPTS, DEFAULT_RENEWAL_INTERVAL_MS, DEFAULT_RENEWAL_TIMEOUT_MS } from './modules/commerce/orders/config.ts';
import type { DatabaseTarget } from './core/db/connect.ts';
import { mediaCacheDir } from './core/media/cache.ts';
import { DEFAULT_PREROLL_SECONDS } from './core/media/prepare.ts';
import { DEFAULT_FFMPEG_PATH, MEDIA_QUALITIES, type MediaQuality } from './core/media/config.ts';
import { DEFAULT_INGEST_HTTP_PORT, DEFAULT_INGEST_REFUSAL_LIMIT, DEFAULT_INGEST_RTMP_PORT, DEFAULT_LIVE_GRACE_SECONDS, DEFAULT_LIVE_SWEEP_MS, type LiveConfig } from './modules/live/config.ts';
import { MEDIA_TOKEN_TTL_SECONDS as DEFAULT_MEDIA_TOKEN_TTL_SECONDS } from './core/media/token.ts';
import { repoRoot } from './core/paths.ts';
import type { MediaStorageConfig } from './core/media/storage/index.ts';
import type { SocialConfig, SocialProviderConfig } from './modules/social/config.ts';

/**
 * The server's whole configuration, read from the environment once, at start (`cli.ts`), and handed
 * down as typed values: `buildApp` options, plugin options, function arguments. No other module
 * reads `process.env` (`config.test.ts` checks). Every variable is documented in the server README;
 * a bad value stops the start with a message that begins with the variable's name.
 */
export interface ServerConfig {
  /** `NODE_ENV=production`: `serve` refuses what is unsafe there (`servePreflight`). */
  production: boolean;
  /** `PORT` (8080), `HOST` (0.0.0.0): where `serve` listens. */
  port: number;
  host: string;
  /** `LOG_LEVEL` (info). */
  logLevel: LogLevel;
  /**
   * `INSTANCE_ID` (`<hostname>-<pid>`): this process among the instances behind one balancer, in
   * every log line (`instance`) and in `GET /health`.
   */
  instanceId: string;
  /** `TRUST_PROXY`: the proxies whose X-Forwarded-* is believed; false: none. */
  trustProxy: string[] | false;
  paths: ServerPaths;
  /** `DATABASE_URL` (PostgreSQL), else PGlite in `PGLITE_DATA_DIR`. */
  database: DatabaseTarget;
  /** `CHANNEL_PUBLIC_ORIGINS`: slug → origin. The slugs are checked against the channel folders by `servePreflight`. */
  publicOrigins: Readonly<Record<string, string>>;
  /** `CHANNEL_SITE_ORIGINS`: slug → the origins allowed to call its API cross-origin. The slugs are checked by `servePreflight`. */
  siteOrigins: Readonly<Record<string, readonly string[]>>;
  /**
   * The control room's sign-in: `CONSOLE_SESSION_LIFETIME` (8h), and its throttle
   * `CONSOLE_SIGN_IN_WINDOW` (15m), `CONSOLE_SIGN_IN_ADDRESS_LIMIT` (20),
   * `CONSOLE_SIGN_IN_ACCOUNT_LIMIT` (5), `CONSOLE_SIGN_IN_ATTACK_LIMIT` (10), `CONSOLE_SIGN_IN_PAUSE` (1m).
   */
  operators: Required<Pick<OperatorsOptions, 'sessionSeconds' | 'signInLimits'>>;
  /**
   * The configured secrets (`APP_SECRET`, `MEDIA_SECRET`, `SANDBOX_WEBHOOK_SECRET`); an unset one
   * is generated once into the data dir by `serve` (`loadSecrets`), never by parsing.
   */
  secrets: { app?: string; media?: string; sandboxWebhook?: string };
  accounts: AccountsConfig;
  commerce: { renewalIntervalMs: number; chargeTimeoutMs: number; chargeAttempts: number };
  payments: PaymentsConfig;
  mail: MailConfig;
  /** `MEDIA_TOKEN_LIFETIME` (2m): how long a stream address works; the player renews it at half-life. */
  /** `cacheDir`: where prepare-media keeps items by content (`MEDIA_CACHE_DIR`), null when `off`. */
  /** `prerollSeconds`: the sponsor prerolls' length prepare-media encodes (`MEDIA_PREROLL_SECONDS`). */
  /** `storage`: where finished media lives (`MEDIA_STORAGE`, `S3_*`; src/core/media/storage/). */
  media: { dir: string; ffmpegPath: string; quality: MediaQuality; tokenTtlSeconds: number; cacheDir: string | null; prerollSeconds: number; storage: MediaStorageConfig };
  /**
   * Live from a camera (modules/live/config.ts): `INGEST` (managed | external | off), its ports
   * (`INGEST_RTMP_PORT`, `INGEST_HTTP_PORT`), addresses (`INGEST_PUBLIC_URL`, `INGEST_PULL_URL`,
   * `INGEST_CALLBACK_URL`, `INGEST_CONTROL_URL`, `INGEST_PLAY_ALLOW`), `INGEST_REFUSAL_LIMIT`,
   * `LIVE_GRACE_SECONDS`, `LIVE_SWEEP_MS`, `DEMO_CAMERAS` and `PACKAGER`.
   */
  live: LiveConfig;
  /**
   * `CLIP_WORKERS` (2): clips this process cuts at once; 0: it cuts none (a `cli.ts worker` does).
   * `CLIP_LEASE` (30 s): how long a job stays with a process after its last sign of life, before
   * another takes it over (an instance that died mid-cut).
   * The clip limits (src/modules/clips/limits.ts): `CLIP_RATE_LIMIT` (10 a minute per viewer),
   * `CLIP_ADDRESS_RATE_LIMIT` (60 a minute per address), and where a channel sets none `CLIP_DEFAULT_MAX_CLIPS` (20),
   * `CLIP_DEFAULT_SECONDS_PER_DAY` (600), `CLIP_DEFAULT_DOWNLOADS_PER_DAY` (10); `CLIP_STORAGE_QUOTA_MB` (5120) per channel.
   */
  clips: { workers: number; leaseMs: number; limits: Omit<ClipLimits, 'rateWindowMs'> };
  /**
   * The control room's library (src/modules/vod/library): `LIBRARY_UPLOAD_MAX_MB` (2048) the largest
   * upload, `LIBRARY_UPLOAD_QUOTA_MB` (20480) the uploads a channel may hold on disk at once,
   * `LIBRARY_UPLOAD_EXPIRY` (24h) after which a stalled upload is removed, `LIBRARY_LADDER`
   * ("1080,720,480,360") the rendition heights an upload is transcoded to (those at or under its
   * own), `LIBRARY_TRANSCODE_WORKERS` (1) transcodes at once in this process (0: none).
   */
  library: { limits: { maxBytes: number; quotaBytes: number; expiryMs: number }; ladder: Rendition[]; workers: number };
  /** `SOCIAL_<PROVIDER>_<FIELD>` and `GRANDSTAND_<SLUG>_SOCIAL_<PROVIDER>_<FIELD>`. */
  social: SocialConfig;
  /** `ANALYTICS_URL` and `ANALYTICS_ADMIN_TOKEN`, both or neither: the analytics service told about deleted viewers; null: none is. */
  analyticsService: { url: string; adminToken: string } | null;
  /** `ANALYTICS_PUBLIC_URL`: the analytics service's base URL as the sites reach it; null: the sites send no analytics. */
  analyticsPublicUrl: string | null;
  /** `CHANNEL_ERROR_DSNS`: slug → the DSN its site's request error reports go to, over the seed's `error_dsn`. */
  errorDsns: Readonly<Record<string, string>>;
}

export interface ServerPaths {
  /** `CHANNELS_DIR` (`<repo>/channels`). */
  channelsDir: string;
  /** `SITES_DIR` (`<repo>/apps/web/dist`). */
  sitesDir: string;
  /** `CONSOLE_DIR` (`<repo>/apps/console/dist`): the control room's one build. */
  consoleDir: string;
  /** `PGLITE_DATA_DIR` (`<repo>/.data/pglite`). */
  pgliteDataDir: string;
  /** PGlite's parent folder: the generated secrets and the outbox live there (`<repo>/.data`). */
  dataDir: string;
  /** `MEDIA_DIR` (`<repo>/.data/media`). */
  mediaDir: string;
}

export interface PaymentsConfig {
  /** `PAYMENT_PROVIDER` (sandbox). */
  defaultProvider: CardProvider;
  /** `PAYMENT_SANDBOX=on`. */
  sandboxEnabled: boolean;
  /** `STRIPE_SECRET_KEY` and `STRIPE_WEBHOOK_SECRET`, both or none; `STRIPE_PUBLISHABLE_KEY` for the site. */
  stripe: { secretKey: string; webhookSecret: string; publishableKey: string | null } | null;
  /** `SANDBOX_WEBHOOK_URL`; null: this server's own webhook address. */
  sandboxWebhookUrl: string | null;
}

export interface MailConfig {
  /** `SMTP_URL`; unset: the local outbox. */
  smtpUrl: string | undefined;
  /** `MAIL_OUTBOX=on`: the outbox pages are served. */
  outbox: boolean;
  /** `MAIL_DISABLED=true`: no mail at all. */
  disabled: boolean;
  /** `MAIL_FROM`; unset: the mail plugin's default sender. */
  fromAddress: string | undefined;
  /** `<data dir>/outbox`. */
  outboxDir: string;
}

// The env helpers (blank is unset, ports, numbers, durations, TRUST_PROXY) are the analytics
// service's too: @grandstand/service-kit, the same rules and messages for both.
export { ConfigError, LOG_LEVELS, type LogLevel } from '@grandstand/service-kit';

/**
 * A comma list of `slug=value` entries, each channel's setting for this deployment (a value holds no
 * comma). `add` takes one entry into the result, or says what is wrong with it; the first problem
 * stops the start, quoting its entry with `describe`.
 */
function slugEntries<T>(form: string, describe: (entry: string, problem: string) => string, empty: () => T, add: (slug: string, value: string, into: T) => string | null) {
  return variable(z.string().optional()).transform((value, ctx): T => {
    const result = empty();
    const entries = (value ?? '').split(',').map((entry) => entry.trim());
    if (entries.every((entry) => entry === '')) return result;
    for (const entry of entries) {
      const at = entry.indexOf('=');
      const problem = at <= 0 ? `is not ${form}` : add(entry.slice(0, at).trim(), entry.slice(at + 1).trim(), result);
      if (problem) {
        ctx.addIssue({ code: 'custom', message: describe(entry, problem) });
        return z.NEVER;
      }
    }
    return result;
  });
}

/** `northfield=https://watch.northfield.example,laurentides=https://…`: bare http(s) origins, each slug once. */
const publicOrigins = slugEntries('slug=origin', publicOriginProblem, (): Record<string, string> => ({}), (slug, origin, origins) => {
  if (slug in origins) return 'repeats a channel';
  if (!isPublicOrigin(origin)) return PUBLIC_ORIGIN_PROBLEM;
  origins[slug] = origin;
  return null;
});

/**
 * `northfield=https://app.northfield.example,northfield=http://localhost:5173,laurentides=https://…`:
 * bare http(s) origins; a slug named again adds an origin.
 */
const siteOrigins = slugEntries('slug=origin', siteOriginProblem, (): Record<string, string[]> => ({}), (slug, origin, origins) => {
  if (!isPublicOrigin(origin)) return PUBLIC_ORIGIN_PROBLEM;
  if (origins[slug]?.includes(origin)) return 'repeats an origin';
  (origins[slug] ??= []).push(origin);
  return null;
});

/**
 * `northfield=https://<key>@errors.example/1,laurentides=…`: each channel's error-logging DSN, so the
 * service a site reports to is configuration, not demo data.
 */
const errorDsns = slugEntries(
  'slug=dsn',
  (entry, problem) => `"${entry}" ${problem} (a comma list of slug=dsn)`,
  (): Record<string, string> => ({}),
  (slug, dsn, dsns) => {
    if (slug in dsns) return 'repeats a channel';
    if (!ErrorDsn.safeParse(dsn).success) return 'has no DSN such as https://<public key>@<host>/<project id>';
    dsns[slug] = dsn;
    return null;
  },
);

export function siteOriginProblem(entry: string, problem: string): string {
  return `"${entry}" ${problem} (a comma list of slug=origin, a slug once per origin, e.g. northfield=https://app.northfield.example,northfield=http://localhost:5173)`;
}

export function publicOriginProblem(entry: string, problem: string): string {
  return `"${entry}" ${problem} (a comma list of slug=origin, e.g. northfield=https://watch.northfield.example)`;
}

const smtpUrl = variable(
  z
    .string()
    .refine(
      (value) => {
        try {
          const url = new URL(value);
          return (url.protocol === 'smtp:' || url.protocol === 'smtps:') && url.hostname !== '';
        } catch {
          return false;
        }
      },
      // Without the value: it may hold a password.
      { error: 'must be an smtp:// or smtps:// URL with a host' },
    )
    .optional(),
);

const httpUrl = variable(
  z
    .string()
    .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), { error: (issue) => `must be an http(s) URL ${got(issue)}` })
    .optional(),
);

/** An ingest address producers or packagers use: rtmp(s)://host[:port]/app. */
const rtmpUrl = variable(
  z
    .string()
    .trim()
    .refine((value) => URL.canParse(value) && /^rtmps?:$/.test(new URL(value).protocol) && new URL(value).hostname !== '', { error: (issue) => `must be an rtmp:// URL with a host and the application, e.g. rtmp://ingest.example.com:1935/live ${got(issue)}` })
    .optional(),
);

/** The analytics service's base address: http(s), no credentials, query or fragment (`/admin/forget` is appended). */
const analyticsUrl = variable(
  z
    .string()
    .trim()
    .refine(
      (value) => {
        if (!URL.canParse(value)) return false;
        const url = new URL(value);
        return /^https?:$/.test(url.protocol) && url.username === '' && url.password === '' && url.search === '' && url.hash === '' && !/[?#]/.test(value);
      },
      // A value holding credentials is not repeated: it would put them in the log.
      { error: (issue) => `must be the analytics service's http(s) base URL, without credentials, query or fragment, e.g. http://127.0.0.1:8090${String(issue.input).includes('@') ? '' : ` ${got(issue)}`}` },
    )
    .optional(),
);

/** As the service requires of its own (apps/analytics), and sendable as a header: printable ASCII. Never echoed. */
const analyticsAdminToken = variable(
  z
    .string()
    .refine((value) => value.length >= 24 && /^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/.test(value), {
      error: 'must be the analytics service\'s admin token: at least 24 printable ASCII characters, no space at either end',
    })
    .optional(),
);

const EnvSchema = z
  .object({
    NODE_ENV: z.string().optional(),
    PORT: port(DEFAULT_PORT),
    HOST: variable(z.string().default('0.0.0.0')),
    LOG_LEVEL: logLevel(),
    INSTANCE_ID: variable(
      z
        .string()
        .regex(/^[A-Za-z0-9._-]{1,64}$/, { error: (issue) => `must be 1 to 64 letters, digits, dots, dashes or underscores ${got(issue)}` })
        .optional(),
    ),
    // Unset trusts no proxy, so a viewer cannot choose their country by sending X-Forwarded-For.
    TRUST_PROXY: trustProxy(),
    DATABASE_URL: variable(z.string().optional()),
    PGLITE_DATA_DIR: path(join(repoRoot, '.data', 'pglite')),
    CHANNELS_DIR: path(join(repoRoot, 'channels')),
    SITES_DIR: path(join(repoRoot, 'apps', 'web', 'dist')),
    CONSOLE_DIR: path(join(repoRoot, 'apps', 'console', 'dist')),
    MEDIA_DIR: path(join(repoRoot, '.data', 'media')),
    CHANNEL_PUBLIC_ORIGINS: publicOrigins,
    CHANNEL_SITE_ORIGINS: siteOrigins,
    CHANNEL_ERROR_DSNS: errorDsns,
    APP_SECRET: variable(z.string().optional()),
    MEDIA_SECRET: variable(z.string().optional()),
    SANDBOX_WEBHOOK_SECRET: variable(z.string().optional()),
    // Accounts (reasons for the defaults in modules/accounts/config.ts).
    SESSION_IDLE_LIFETIME: duration(DEFAULT_SESSION_IDLE_LIFETIME_MS, { zeroAllowed: false }),
    SESSION_ABSOLUTE_LIFETIME: duration(DEFAULT_SESSION_ABSOLUTE_LIFETIME_MS, { zeroAllowed: false }),
    VISITOR_KEY_IDLE_LIFETIME: duration(DEFAULT_VISITOR_KEY_IDLE_MS, { zeroAllowed: false }),
    KEY_PRUNE_INTERVAL: duration(DEFAULT_KEY_PRUNE_INTERVAL_MS, { zeroAllowed: true }),
    KEY_EXCHANGE_RATE_LIMIT: wholeNumber(DEFAULT_KEY_EXCHANGE_RATE_LIMIT, 1),
    PASSWORD_RESET_LIMIT_PER_EMAIL: wholeNumber(DEFAULT_RESET_REQUESTS_PER_EMAIL, 1),
    PASSWORD_RESET_LIMIT_PER_CLIENT: wholeNumber(DEFAULT_RESET_REQUESTS_PER_CLIENT, 1),
    PASSWORD_RESET_LIMIT_WINDOW: duration(DEFAULT_RESET_REQUEST_WINDOW_MS, { zeroAllowed: false }),
    CONSOLE_SESSION_LIFETIME: duration(DEFAULT_CONSOLE_SESSION_SECONDS * 1000, { zeroAllowed: false }),
    CONSOLE_SIGN_IN_WINDOW: duration(DEFAULT_SIGN_IN_LIMITS.windowMs, { zeroAllowed: false }),
    CONSOLE_SIGN_IN_ADDRESS_LIMIT: wholeNumber(DEFAULT_SIGN_IN_LIMITS.addressLimit, 1),
    CONSOLE_SIGN_IN_ACCOUNT_LIMIT: wholeNumber(DEFAULT_SIGN_IN_LIMITS.accountLimit, 1),
    CONSOLE_SIGN_IN_ATTACK_LIMIT: wholeNumber(DEFAULT_SIGN_IN_LIMITS.attackLimit, 1),
    CONSOLE_SIGN_IN_PAUSE: duration(DEFAULT_SIGN_IN_LIMITS.pauseSeconds * 1000, { zeroAllowed: false }),
    // Orders' renewal job.
    COMMERCE_RENEWAL_INTERVAL_MS: wholeNumber(DEFAULT_RENEWAL_INTERVAL_MS, 0),
    COMMERCE_RENEWAL_TIMEOUT_MS: wholeNumber(DEFAULT_RENEWAL_TIMEOUT_MS, 1000),
    COMMERCE_RENEWAL_ATTEMPTS: wholeNumber(DEFAULT_RENEWAL_ATTEMPTS, 1),
    // Payments.
    PAYMENT_PROVIDER: variable(
      z
        .string()
        .trim()
        .pipe(z.enum(CardProvider.options, { error: (issue) => `must be one of ${CardProvider.options.join(', ')} ${got(issue)}` }))
        .default('sandbox'),
    ),
    PAYMENT_SANDBOX: variable(
      z
        .string()
        .trim()
        .toLowerCase()
        .pipe(z.enum(['on', 'off'], { error: (issue) => `must be on or off ${got(issue)}` }))
        .default('off'),
    ).transform((value) => value === 'on'),
    STRIPE_SECRET_KEY: variable(z.string().optional()),
    STRIPE_WEBHOOK_SECRET: variable(z.string().optional()),
    STRIPE_PUBLISHABLE_KEY: variable(z.string().trim().optional()),
    SANDBOX_WEBHOOK_URL: httpUrl,
    // Mail.
    SMTP_URL: smtpUrl,
    MAIL_OUTBOX: onOff('on', 'off'),
    MAIL_DISABLED: onOff('true', 'false'),
    MAIL_FROM: variable(z.string().optional()),
    // Media.
    // Live from a camera.
    INGEST: variable(z.enum(['managed', 'external', 'off'], { error: (issue) => `must be managed, external or off ${got(issue)}` }).default('managed')),
    INGEST_RTMP_PORT: port(DEFAULT_INGEST_RTMP_PORT),
    INGEST_HTTP_PORT: port(DEFAULT_INGEST_HTTP_PORT),
    INGEST_PUBLIC_URL: rtmpUrl,
    INGEST_PULL_URL: rtmpUrl,
    INGEST_CALLBACK_URL: httpUrl,
    INGEST_CONTROL_URL: httpUrl,
    INGEST_PLAY_ALLOW: variable(z.string().trim().default('127.0.0.1')).transform((value) => value.split(',').map((entry) => entry.trim()).filter(Boolean)),
    INGEST_REFUSAL_LIMIT: wholeNumber(DEFAULT_INGEST_REFUSAL_LIMIT, 1),
    LIVE_GRACE_SECONDS: wholeNumber(DEFAULT_LIVE_GRACE_SECONDS, 1),
    LIVE_SWEEP_MS: wholeNumber(DEFAULT_LIVE_SWEEP_MS, 50),
    DEMO_CAMERAS: variable(z.enum(['eager', 'on-demand', 'off'], { error: (issue) => `must be eager, on-demand or off ${got(issue)}` }).default('eager')),
    PACKAGER: variable(z.enum(['in-process', 'external'], { error: (issue) => `must be in-process or external ${got(issue)}` }).default('in-process')),
    MEDIA_QUALITY: variable(z.enum(['480p', '240p'], { error: (issue) => `must be 480p or 240p ${got(issue)}` }).default('480p')),
    FFMPEG_PATH: variable(z.string().default(DEFAULT_FFMPEG_PATH)),
    MEDIA_PREROLL_SECONDS: wholeNumber(DEFAULT_PREROLL_SECONDS, 1, 60),
    // Read by prepare-media through mediaCacheDir (src/core/media/cache.ts): a path, or `off`.
    MEDIA_CACHE_DIR: variable(z.string().trim().min(1, 'must be a folder or off').optional()),
    MEDIA_TOKEN_LIFETIME: duration(DEFAULT_MEDIA_TOKEN_TTL_SECONDS * 1000, { zeroAllowed: false }),
    // Where finished media lives (src/core/media/storage/): the media dir, or an S3-compatible bucket.
    MEDIA_STORAGE: variable(z.enum(['local', 's3'], { error: (issue) => `must be local or s3 ${got(issue)}` }).default('local')),
    S3_ENDPOINT: httpUrl,
    S3_BUCKET: variable(z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, { error: (issue) => `must be a bucket name: 3 to 63 lower-case letters, digits, dots or dashes ${got(issue)}` }).optional()),
    S3_REGION: variable(z.string().regex(/^[a-z0-9-]{1,32}$/, { error: (issue) => `must be a region name such as us-east-1 ${got(issue)}` }).default('us-east-1')),
    S3_ACCESS_KEY_ID: variable(z.string().optional()),
    S3_SECRET_ACCESS_KEY: variable(z.string().optional()),
    S3_FORCE_PATH_STYLE: variable(z.enum(['true', 'false'], { error: (issue) => `must be true or false ${got(issue)}` }).default('false')).transform((value) => value === 'true'),
    // Clips.
    CLIP_WORKERS: wholeNumber(DEFAULT_CLIP_WORKERS, 0),
    CLIP_LEASE: duration(DEFAULT_CLIP_LEASE_MS, { zeroAllowed: false }),
    CLIP_ADDRESS_RATE_LIMIT: wholeNumber(DEFAULT_CLIP_ADDRESS_RATE_LIMIT, 1),
    CLIP_RATE_LIMIT: wholeNumber(DEFAULT_CLIP_RATE_LIMIT, 1),
    CLIP_DEFAULT_MAX_CLIPS: wholeNumber(DEFAULT_CLIP_MAX_CLIPS, 1),
    CLIP_DEFAULT_SECONDS_PER_DAY: wholeNumber(DEFAULT_CLIP_SECONDS_PER_DAY, 1),
    CLIP_DEFAULT_DOWNLOADS_PER_DAY: wholeNumber(DEFAULT_CLIP_DOWNLOADS_PER_DAY, 1),
    CLIP_STORAGE_QUOTA_MB: wholeNumber(DEFAULT_CLIP_STORAGE_QUOTA_MB, 1),
    // The library's uploads and transcodes.
    LIBRARY_UPLOAD_MAX_MB: wholeNumber(DEFAULT_UPLOAD_MAX_BYTES / MIB, 1),
    LIBRARY_UPLOAD_QUOTA_MB: wholeNumber(DEFAULT_UPLOAD_QUOTA_BYTES / MIB, 1),
    LIBRARY_UPLOAD_EXPIRY: duration(DEFAULT_UPLOAD_EXPIRY_MS, { zeroAllowed: false }),
    LIBRARY_LADDER: variable(z.string().default(DEFAULT_LADDER.map((rung) => rung.height).join(','))).transform((value, context) => {
      const ladder = parseLadder(value);
      if (ladder) return ladder;
      context.addIssue({ code: 'custom', message: `must be 1 to 6 even heights from 90 to 2160, comma separated (got "${value}")` });
      return z.NEVER;
    }),
    LIBRARY_TRANSCODE_WORKERS: wholeNumber(DEFAULT_TRANSCODE_WORKERS, 0),
    // The analytics service, told about deleted viewers.
    ANALYTICS_URL: analyticsUrl,
    ANALYTICS_ADMIN_TOKEN: analyticsAdminToken,
    // Analytics: the service's address the sites are told (settings.analytics_url).
    ANALYTICS_PUBLIC_URL: httpUrl,
  })
  .superRefine((env, ctx) => {
    const problem = (variable: string, message: string) => ctx.addIssue({ code: 'custom', path: [variable], message });
    // A Stripe channel missing a key is refused rather than quietly run on the sandbox, which would give access away.
    if (env.PAYMENT_PROVIDER === 'stripe' && !(env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET)) {
      problem('PAYMENT_PROVIDER', 'stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, both set');
    }
    if (env.MAIL_DISABLED && env.SMTP_URL !== undefined) problem('MAIL_DISABLED', 'true while SMTP_URL is set; choose one');
    else if (env.MAIL_OUTBOX && (env.SMTP_URL !== undefined || env.MAIL_DISABLED)) {
      problem('MAIL_OUTBOX', 'on shows the local outbox, which holds mail only when SMTP_URL is unset and mail is not disabled');
    }
    // One without the other would leave deleted viewers in the analytics service unnoticed.
    if (env.ANALYTICS_URL !== undefined && env.ANALYTICS_ADMIN_TOKEN === undefined) problem('ANALYTICS_ADMIN_TOKEN', 'must be set with ANALYTICS_URL (both or neither)');
    if (env.ANALYTICS_ADMIN_TOKEN !== undefined && env.ANALYTICS_URL === undefined) problem('ANALYTICS_URL', 'must be set with ANALYTICS_ADMIN_TOKEN (both or neither)');
    if (env.MEDIA_STORAGE === 's3' && env.S3_BUCKET === undefined) problem('S3_BUCKET', 'must be set with MEDIA_STORAGE=s3');
    // One key without the other would fall back to the SDK's own credentials without a word.
    if ((env.S3_ACCESS_KEY_ID === undefined) !== (env.S3_SECRET_ACCESS_KEY === undefined)) problem('S3_SECRET_ACCESS_KEY', 'must be set with S3_ACCESS_KEY_ID (both or neither)');
  });

const SOCIAL_VARIABLE = /^(?:GRANDSTAND_[A-Z0-9_]+_)?SOCIAL_(?:GOOGLE|FACEBOOK)_(ISSUER|CLIENT_ID|CLIENT_SECRET|AUTHORIZATION_ENDPOINT|TOKEN_ENDPOINT|USERINFO_ENDPOINT|JWKS_URI|TRUST_EMAIL)$/;
const URL_FIELDS = new Set(['ISSUER', 'AUTHORIZATION_ENDPOINT', 'TOKEN_ENDPOINT', 'USERINFO_ENDPOINT', 'JWKS_URI']);

/** The social variables set (each field on its own; endpoints must be URLs). */
const SocialEnvSchema = z.record(z.string(), z.string()).superRefine((values, ctx) => {
  for (const [name, value] of Object.entries(values)) {
    const field = SOCIAL_VARIABLE.exec(name)?.[1];
    if (field && URL_FIELDS.has(field) && !URL.canParse(value)) ctx.addIssue({ code: 'custom', path: [name], message: `must be a URL (got "${value}")` });
  }
});

/**
 * `SOCIAL_<PROVIDER>_<FIELD>` for every channel, `GRANDSTAND_<SLUG>_SOCIAL_<PROVIDER>_<FIELD>` for
 * one channel (each field on its own: a channel can keep the shared issuer with its own client).
 * A provider is enabled when issuer and client id are both set.
 */
function socialConfig(values: Readonly<Record<string, string>>): SocialConfig {
  return (slug: string, provider: SocialProvider): SocialProviderConfig | null => {
    const channelPrefix = `GRANDSTAND_${slug.toUpperCase().replace(/[^A-Z0-9]/g, '_')}_SOCIAL_${provider.toUpperCase()}_`;
    const sharedPrefix = `SOCIAL_${provider.toUpperCase()}_`;
    const read = (field: string) => values[channelPrefix + field] || values[sharedPrefix + field] || undefined;
    const issuer = read('ISSUER');
    const clientId = read('CLIENT_ID');
    if (!issuer || !clientId) return null;
    const trust = read('TRUST_EMAIL');
    return {
      issuer,
      clientId,
      clientSecret: read('CLIENT_SECRET') ?? '',
      authorizationEndpoint: read('AUTHORIZATION_ENDPOINT'),
      tokenEndpoint: read('TOKEN_ENDPOINT'),
      userinfoEndpoint: read('USERINFO_ENDPOINT'),
      jwksUri: read('JWKS_URI'),
      trustEmail: trust === undefined ? provider === 'facebook' : trust === '1' || trust === 'true',
    };
  };
}

/** `MEDIA_STORAGE` and its `S3_*` (checked together in EnvSchema). */
function mediaStorageConfig(parsed: z.output<typeof EnvSchema>): MediaStorageConfig {
  if (parsed.MEDIA_STORAGE === 'local' || parsed.S3_BUCKET === undefined) return { kind: 'local' };
  return {
    kind: 's3',
    bucket: parsed.S3_BUCKET,
    endpoint: parsed.S3_ENDPOINT,
    region: parsed.S3_REGION,
    credentials: parsed.S3_ACCESS_KEY_ID && parsed.S3_SECRET_ACCESS_KEY ? { accessKeyId: parsed.S3_ACCESS_KEY_ID, secretAccessKey: parsed.S3_SECRET_ACCESS_KEY } : undefined,
    forcePathStyle: parsed.S3_FORCE_PATH_STYLE,
  };
}

/**
 * Parses the whole environment (`serve`, `seed`, `migrate` and `prepare-media` call it once, first).
 * Pure: it reads no file and writes none. Throws a `ConfigError` naming every variable at fault.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const parsed = parseEnv(EnvSchema, env);
  const socialValues = Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => SOCIAL_VARIABLE.test(entry[0]) && Boolean(entry[1])));
  const social = parseEnv(SocialEnvSchema, socialValues);

  const pgliteDataDir = parsed.PGLITE_DATA_DIR;
  const dataDir = dirname(pgliteDataDir);
  const stripe =
    parsed.STRIPE_SECRET_KEY && parsed.STRIPE_WEBHOOK_SECRET
      ? { secretKey: parsed.STRIPE_SECRET_KEY, webhookSecret: parsed.STRIPE_WEBHOOK_SECRET, publishableKey: parsed.STRIPE_PUBLISHABLE_KEY ?? null }
      : null;
  return {
    production: parsed.NODE_ENV === 'production',
    port: parsed.PORT,
    host: parsed.HOST,
    logLevel: parsed.LOG_LEVEL,
    instanceId: parsed.INSTANCE_ID ?? `${hostname()}-${process.pid}`,
    trustProxy: parsed.TRUST_PROXY,
    paths: { channelsDir: parsed.CHANNELS_DIR, sitesDir: parsed.SITES_DIR, consoleDir: parsed.CONSOLE_DIR, pgliteDataDir, dataDir, mediaDir: parsed.MEDIA_DIR },
    database: parsed.DATABASE_URL ? { kind: 'postgres', connectionString: parsed.DATABASE_URL } : { kind: 'pglite', dataDir: pgliteDataDir },
    publicOrigins: parsed.CHANNEL_PUBLIC_ORIGINS,
    siteOrigins: parsed.CHANNEL_SITE_ORIGINS,
    operators: {
      sessionSeconds: Math.max(1, Math.round(parsed.CONSOLE_SESSION_LIFETIME / 1000)),
      signInLimits: {
        windowMs: parsed.CONSOLE_SIGN_IN_WINDOW,
        addressLimit: parsed.CONSOLE_SIGN_IN_ADDRESS_LIMIT,
        accountLimit: parsed.CONSOLE_SIGN_IN_ACCOUNT_LIMIT,
        attackLimit: parsed.CONSOLE_SIGN_IN_ATTACK_LIMIT,
        pauseSeconds: Math.max(1, Math.round(parsed.CONSOLE_SIGN_IN_PAUSE / 1000)),
      },
    },
    secrets: { app: parsed.APP_SECRET, media: parsed.MEDIA_SECRET, sandboxWebhook: parsed.SANDBOX_WEBHOOK_SECRET },
    accounts: {
      sessions: {
        idleLifetimeMs: parsed.SESSION_IDLE_LIFETIME,
        absoluteLifetimeMs: parsed.SESSION_ABSOLUTE_LIFETIME,
        visitorKeyIdleMs: parsed.VISITOR_KEY_IDLE_LIFETIME,
        pruneIntervalMs: parsed.KEY_PRUNE_INTERVAL,
      },
      keyExchangeMax: parsed.KEY_EXCHANGE_RATE_LIMIT,
      resetRequests: { perEmail: parsed.PASSWORD_RESET_LIMIT_PER_EMAIL, perClient: parsed.PASSWORD_RESET_LIMIT_PER_CLIENT, windowMs: parsed.PASSWORD_RESET_LIMIT_WINDOW },
    },
    commerce: {
      renewalIntervalMs: parsed.COMMERCE_RENEWAL_INTERVAL_MS,
      chargeTimeoutMs: parsed.COMMERCE_RENEWAL_TIMEOUT_MS,
      chargeAttempts: parsed.COMMERCE_RENEWAL_ATTEMPTS,
    },
    payments: { defaultProvider: parsed.PAYMENT_PROVIDER, sandboxEnabled: parsed.PAYMENT_SANDBOX, stripe, sandboxWebhookUrl: parsed.SANDBOX_WEBHOOK_URL ?? null },
    mail: {
      smtpUrl: parsed.SMTP_URL,
      outbox: parsed.MAIL_OUTBOX,
      disabled: parsed.MAIL_DISABLED,
      fromAddress: parsed.MAIL_FROM,
      outboxDir: join(dataDir, 'outbox'),
    },
    media: { dir: parsed.MEDIA_DIR, ffmpegPath: parsed.FFMPEG_PATH, quality: MEDIA_QUALITIES[parsed.MEDIA_QUALITY],
      cacheDir: mediaCacheDir({ ...env, MEDIA_CACHE_DIR: parsed.MEDIA_CACHE_DIR }),
      prerollSeconds: parsed.MEDIA_PREROLL_SECONDS,
      // Whole seconds, as the signed addresses count them; at least two, so half-life renewal has a second to run in.
      tokenTtlSeconds: Math.max(2, Math.round(parsed.MEDIA_TOKEN_LIFETIME / 1000)),
      storage: mediaStorageConfig(parsed),
    },
    live: {
      ingest: parsed.INGEST,
      rtmpHost: '0.0.0.0',
      rtmpPort: parsed.INGEST_RTMP_PORT,
      httpPort: parsed.INGEST_HTTP_PORT,
      // Never from a request's Host: the address producers copy is the operator's to set.
      publicUrl: (parsed.INGEST_PUBLIC_URL ?? `rtmp://localhost:${parsed.INGEST_RTMP_PORT}/live`).replace(/\/+$/, ''),
      pullUrl: (parsed.INGEST_PULL_URL ?? `rtmp://127.0.0.1:${parsed.INGEST_RTMP_PORT}/live`).replace(/\/+$/, ''),
      callbackUrl: (parsed.INGEST_CALLBACK_URL ?? `http://127.0.0.1:${parsed.PORT}`).replace(/\/+$/, ''),
      controlUrl: (parsed.INGEST_CONTROL_URL ?? `http://127.0.0.1:${parsed.INGEST_HTTP_PORT}`).replace(/\/+$/, ''),
      playAllow: parsed.INGEST_PLAY_ALLOW,
      graceSeconds: parsed.LIVE_GRACE_SECONDS,
      sweepMs: parsed.LIVE_SWEEP_MS,
      demoCameras: parsed.DEMO_CAMERAS,
      packager: parsed.PACKAGER,
      refusalLimit: parsed.INGEST_REFUSAL_LIMIT,
    },
    library: {
      limits: { maxBytes: parsed.LIBRARY_UPLOAD_MAX_MB * MIB, quotaBytes: parsed.LIBRARY_UPLOAD_QUOTA_MB * MIB, expiryMs: parsed.LIBRARY_UPLOAD_EXPIRY },
      ladder: parsed.LIBRARY_LADDER,
      workers: parsed.LIBRARY_TRANSCODE_WORKERS,
    },
    clips: {
      workers: parsed.CLIP_WORKERS,
      leaseMs: parsed.CLIP_LEASE,
      limits: {
        addressRateMax: parsed.CLIP_ADDRESS_RATE_LIMIT,
        rateMax: parsed.CLIP_RATE_LIMIT,
        clips: parsed.CLIP_DEFAULT_MAX_CLIPS,
        secondsPerDay: parsed.CLIP_DEFAULT_SECONDS_PER_DAY,
        downloadsPerDay: parsed.CLIP_DEFAULT_DOWNLOADS_PER_DAY,
        storageQuotaBytes: parsed.CLIP_STORAGE_QUOTA_MB * MIB,
      },
    },
    social: socialConfig(social),
    analyticsService: parsed.ANALYTICS_URL && parsed.ANALYTICS_ADMIN_TOKEN ? { url: parsed.ANALYTICS_URL, adminToken: parsed.ANALYTICS_ADMIN_TOKEN } : null,
    // Without its trailing slash: the site appends /datalake/… to it.
    analyticsPublicUrl: parsed.ANALYTICS_PUBLIC_URL?.replace(/\/+$/, '') ?? null,
    errorDsns: parsed.CHANNEL_ERROR_DSNS,
  };
}
