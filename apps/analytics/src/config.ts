import { join } from 'node:path';
import { ConfigError, type LogLevel, logLevel, parseEnv, path, port, trustProxy, variable, wholeNumber } from '@grandstand/service-kit';
import { z } from 'zod';
import { repoRoot } from './paths.ts';
import { parseOperators } from './reports/operators.ts';
import type { Operator } from './reports/operators.ts';
import { DEFAULT_LOGIN_LIMITS, type LoginLimits } from './reports/throttle.ts';
import { DEFAULT_INGEST_LIMITS, type IngestLimits } from './ingestLimits.ts';
import { BATCH_LIMIT } from './calls.ts';

/**
 * The service's whole configuration, read from the environment once, at start (`cli.ts`), and
 * handed down as typed values. No other module reads `process.env`. Every variable is documented in
 * the README; a bad value stops the start with a message that begins with the variable's name.
 */
export interface AnalyticsConfig {
  /** `ANALYTICS_HOST` (127.0.0.1), `ANALYTICS_PORT` (8090). */
  host: string;
  port: number;
  /** `LOG_LEVEL` (info). */
  logLevel: LogLevel;
  /** `TRUST_PROXY`: the proxies whose X-Forwarded-For is believed for the session's address; false: none. */
  trustProxy: string[] | false;
  /** `ANALYTICS_DATA_DIR` (`<repo>/.data/analytics`): the DuckDB file and the generated secret. */
  dataDir: string;
  /**
   * `ANALYTICS_INSTANCE`: this process's name among several ingest processes sharing one data dir
   * behind a balancer; each writes its own file (`databaseFile`). null: one process, `analytics.duckdb`.
   */
  instance: string | null;
  /** `CHANNELS_DIR` (`<repo>/channels`): where the demo profile keys come from without `ANALYTICS_PROFILES`. */
  channelsDir: string;
  /** `ANALYTICS_PROFILES`: slug → its profile keys; null: read the channel folders. */
  profiles: Readonly<Record<string, readonly string[]>> | null;
  /** `ANALYTICS_SECRET`: signs session hashes; unset: generated once into the data dir by `serve`. */
  secret: string | undefined;
  /** `ANALYTICS_ADMIN_TOKEN`: the bearer token of `/admin/forget`; unset: that call is refused. */
  adminToken: string | undefined;
  retention: RetentionPolicy;
  /** `ANALYTICS_QUEUE_LIMIT` (20000): rows waiting for a commit before calls are answered 429. */
  queueLimit: number;
  /**
   * `ANALYTICS_OPERATORS`: who may sign in to the reports (a JSON array, see REPORTS.md); null: the
   * demo operators, whose passwords are published, so `serve` refuses that in production.
   */
  operators: Operator[] | null;
  /**
   * `ANALYTICS_OPERATORS_URL`: the channel server's origin; set, the reports sign in the control
   * room's operators (owners and analysts, for their channels) by asking that server, with
   * `ANALYTICS_ADMIN_TOKEN`, and `ANALYTICS_OPERATORS` is not used. null: the JSON operators.
   */
  operatorsUrl: string | null;
  /** `NODE_ENV=production`: the service is behind HTTPS (Secure cookies) and refuses the demo operators. */
  production: boolean;
  /**
   * The reports' sign-in throttle (kept in the store): `ANALYTICS_LOGIN_WINDOW_MINUTES` (15),
   * `ANALYTICS_LOGIN_ADDRESS_LIMIT` (20), `ANALYTICS_LOGIN_ACCOUNT_LIMIT` (5),
   * `ANALYTICS_LOGIN_ATTACK_LIMIT` (10), `ANALYTICS_LOGIN_PAUSE_SECONDS` (60).
   */
  loginLimits: LoginLimits;
  /**
   * Ingest's per-client limits: `ANALYTICS_RATE_WINDOW_SECONDS` (60), `ANALYTICS_ADDRESS_RATE`
   * (6000 rows), `ANALYTICS_SESSION_RATE` (600 rows), `ANALYTICS_SESSION_DAILY` (20000 rows),
   * `ANALYTICS_BATCH_LIMIT` (100 items).
   */
  ingestLimits: IngestLimits;
}

/** How long rows are kept: `ANALYTICS_RETENTION_DAYS` (395: a year and a month, for year-on-year reports) and `ANALYTICS_RETENTION` per channel. */
export interface RetentionPolicy {
  defaultDays: number;
  channels: Readonly<Record<string, number>>;
}

export const DEFAULT_PORT = 8090;
export const DEFAULT_RETENTION_DAYS = 395;
export const DEFAULT_QUEUE_LIMIT = 20_000;
export const DATABASE_FILE = 'analytics.duckdb';

/**
 * The DuckDB file of one process: DuckDB lets one process write a file, so each instance sharing a
 * data dir writes its own (`analytics-<instance>.duckdb`); a lone process keeps `analytics.duckdb`.
 */
export function databaseFile(instance: string | null): string {
  return instance === null ? DATABASE_FILE : `analytics-${instance}.duckdb`;
}

// The env helpers are the server's too (@grandstand/service-kit): the same rules, the same messages.
export { ConfigError, type LogLevel } from '@grandstand/service-kit';

/** A channel's slug, as the channel folders name them. */
export const SLUG = /^[a-z0-9][a-z0-9-]{0,62}$/;
/** A profile key: what the site sends in `profile`, so short and plain. */
export const PROFILE_KEY = /^[A-Za-z0-9._-]{8,128}$/;

/** `slug=value,slug=value`: the entries, each checked; `null` when unset. */
function slugPairs(example: string, check: (value: string) => string | null) {
  return variable(z.string().optional()).transform((raw, ctx): [string, string][] | null => {
    if (raw === undefined) return null;
    const pairs: [string, string][] = [];
    for (const entry of raw.split(',').map((part) => part.trim()).filter((part) => part !== '')) {
      const at = entry.indexOf('=');
      const slug = entry.slice(0, at).trim();
      const value = entry.slice(at + 1).trim();
      const problem = at <= 0 ? 'is not slug=value' : !SLUG.test(slug) ? 'names no channel slug' : check(value);
      if (problem) {
        // The value is left out: a profile key is not secret, but this message may be logged beside one that is.
        ctx.addIssue({ code: 'custom', message: `"${slug || entry.slice(0, 20)}…" ${problem} (a comma list, e.g. ${example})` });
        return z.NEVER;
      }
      pairs.push([slug, value]);
    }
    return pairs;
  });
}

const profiles = slugPairs('northfield=nfsn-web-3f9a1c7e,laurentides=ldl-web-8c2e5b14', (key) =>
  PROFILE_KEY.test(key) ? null : 'has a key that is not 8 to 128 letters, digits, dots, dashes or underscores',
).transform((pairs, ctx) => {
  if (pairs === null) return null;
  const bySlug: Record<string, string[]> = {};
  const seen = new Set<string>();
  for (const [slug, key] of pairs) {
    // A key names one channel: the same key for two would let one channel's site write into the other.
    if (seen.has(key)) {
      ctx.addIssue({ code: 'custom', message: `a key is given twice (for ${slug}): each key names one channel` });
      return z.NEVER;
    }
    seen.add(key);
    (bySlug[slug] ??= []).push(key);
  }
  return bySlug;
});

const retention = slugPairs('northfield=730,laurentides=90', (days) => (/^\d{1,5}$/.test(days) && Number(days) >= 1 ? null : 'must give a whole number of days, at least 1')).transform(
  (pairs, ctx) => {
    const days: Record<string, number> = {};
    for (const [slug, value] of pairs ?? []) {
      if (slug in days) {
        ctx.addIssue({ code: 'custom', message: `names ${slug} twice` });
        return z.NEVER;
      }
      days[slug] = Number(value);
    }
    return days;
  },
);

const EnvSchema = z.object({
  ANALYTICS_HOST: variable(z.string().default('127.0.0.1')),
  ANALYTICS_PORT: port(DEFAULT_PORT),
  LOG_LEVEL: logLevel(),
  // As the channel server's: unset trusts no proxy, so X-Forwarded-For is ignored.
  TRUST_PROXY: trustProxy(),
  ANALYTICS_DATA_DIR: path(join(repoRoot, '.data', 'analytics')),
  ANALYTICS_INSTANCE: variable(z.string().regex(/^[a-z0-9][a-z0-9-]{0,31}$/, { error: 'must be 1 to 32 lower-case letters, digits or dashes, starting with a letter or digit' }).optional()),
  CHANNELS_DIR: path(join(repoRoot, 'channels')),
  ANALYTICS_PROFILES: profiles,
  ANALYTICS_SECRET: variable(z.string().min(32, { error: 'must be at least 32 characters' }).optional()),
  ANALYTICS_ADMIN_TOKEN: variable(z.string().min(24, { error: 'must be at least 24 characters' }).optional()),
  ANALYTICS_RETENTION_DAYS: wholeNumber(DEFAULT_RETENTION_DAYS, 1, 100_000),
  ANALYTICS_RETENTION: retention,
  ANALYTICS_QUEUE_LIMIT: wholeNumber(DEFAULT_QUEUE_LIMIT, 100, 10_000_000),
  ANALYTICS_OPERATORS: variable(z.string().optional()).transform((value, ctx): Operator[] | null => {
    if (value === undefined) return null;
    try {
      return parseOperators(value);
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: error instanceof Error ? error.message : String(error) });
      return z.NEVER;
    }
  }),
  ANALYTICS_OPERATORS_URL: variable(z.url({ protocol: /^https?$/, error: 'must be an http(s) address' }).optional()),
  NODE_ENV: variable(z.string().optional()),
  ANALYTICS_LOGIN_WINDOW_MINUTES: wholeNumber(DEFAULT_LOGIN_LIMITS.windowMs / 60_000, 1, 1440),
  ANALYTICS_LOGIN_ADDRESS_LIMIT: wholeNumber(DEFAULT_LOGIN_LIMITS.addressLimit, 1, 10_000),
  ANALYTICS_LOGIN_ACCOUNT_LIMIT: wholeNumber(DEFAULT_LOGIN_LIMITS.accountLimit, 1, 1_000),
  ANALYTICS_LOGIN_ATTACK_LIMIT: wholeNumber(DEFAULT_LOGIN_LIMITS.attackLimit, 1, 100_000),
  ANALYTICS_LOGIN_PAUSE_SECONDS: wholeNumber(DEFAULT_LOGIN_LIMITS.pauseSeconds, 1, 86_400),
  ANALYTICS_RATE_WINDOW_SECONDS: wholeNumber(DEFAULT_INGEST_LIMITS.windowMs / 1000, 1, 3600),
  ANALYTICS_ADDRESS_RATE: wholeNumber(DEFAULT_INGEST_LIMITS.perAddress, 1, 100_000_000),
  ANALYTICS_SESSION_RATE: wholeNumber(DEFAULT_INGEST_LIMITS.perSession, 1, 100_000_000),
  ANALYTICS_SESSION_DAILY: wholeNumber(DEFAULT_INGEST_LIMITS.sessionDaily, 1, 100_000_000),
  // The batch call's own schema holds at most BATCH_LIMIT items: this may only lower it.
  ANALYTICS_BATCH_LIMIT: wholeNumber(DEFAULT_INGEST_LIMITS.batchItems, 1, BATCH_LIMIT),
});

/**
 * Parses the whole environment (`serve` calls it once, first). Pure: it reads no file and writes
 * none. Throws a `ConfigError` naming every variable at fault.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AnalyticsConfig {
  const parsed = parseEnv(EnvSchema, env);
  // The demo operators' passwords are in REPORTS.md: never the sign-in of a real channel's reports.
  if (parsed.ANALYTICS_OPERATORS_URL !== undefined && parsed.ANALYTICS_ADMIN_TOKEN === undefined) {
    throw new ConfigError('ANALYTICS_ADMIN_TOKEN: required with ANALYTICS_OPERATORS_URL (the channel server checks sign-ins only for a caller with it)');
  }
  if (parsed.NODE_ENV === 'production' && parsed.ANALYTICS_OPERATORS === null && parsed.ANALYTICS_OPERATORS_URL === undefined) {
    throw new ConfigError("ANALYTICS_OPERATORS: required in production unless ANALYTICS_OPERATORS_URL is set (the demo operators' passwords are published)");
  }
  return {
    host: parsed.ANALYTICS_HOST,
    port: parsed.ANALYTICS_PORT,
    logLevel: parsed.LOG_LEVEL,
    trustProxy: parsed.TRUST_PROXY,
    dataDir: parsed.ANALYTICS_DATA_DIR,
    instance: parsed.ANALYTICS_INSTANCE ?? null,
    channelsDir: parsed.CHANNELS_DIR,
    profiles: parsed.ANALYTICS_PROFILES,
    secret: parsed.ANALYTICS_SECRET,
    adminToken: parsed.ANALYTICS_ADMIN_TOKEN,
    retention: { defaultDays: parsed.ANALYTICS_RETENTION_DAYS, channels: parsed.ANALYTICS_RETENTION },
    queueLimit: parsed.ANALYTICS_QUEUE_LIMIT,
    operators: parsed.ANALYTICS_OPERATORS,
    operatorsUrl: parsed.ANALYTICS_OPERATORS_URL ?? null,
    production: parsed.NODE_ENV === 'production',
    loginLimits: {
      windowMs: parsed.ANALYTICS_LOGIN_WINDOW_MINUTES * 60_000,
      addressLimit: parsed.ANALYTICS_LOGIN_ADDRESS_LIMIT,
      accountLimit: parsed.ANALYTICS_LOGIN_ACCOUNT_LIMIT,
      attackLimit: parsed.ANALYTICS_LOGIN_ATTACK_LIMIT,
      pauseSeconds: parsed.ANALYTICS_LOGIN_PAUSE_SECONDS,
    },
    ingestLimits: {
      windowMs: parsed.ANALYTICS_RATE_WINDOW_SECONDS * 1000,
      perAddress: parsed.ANALYTICS_ADDRESS_RATE,
      perSession: parsed.ANALYTICS_SESSION_RATE,
      sessionDaily: parsed.ANALYTICS_SESSION_DAILY,
      batchItems: parsed.ANALYTICS_BATCH_LIMIT,
    },
  };
}
