import { readdirSync, readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_KEY_EXCHANGE_RATE_LIMIT, DEFAULT_SESSION_ABSOLUTE_LIFETIME_MS, DEFAULT_SESSION_IDLE_LIFETIME_MS } from './modules/accounts/config.ts';
import { DEFAULT_RENEWAL_ATTEMPTS, DEFAULT_RENEWAL_INTERVAL_MS, DEFAULT_RENEWAL_TIMEOUT_MS } from './modules/commerce/orders/config.ts';
import { ConfigError, loadConfig } from './config.ts';
import { DEFAULT_CLIP_LEASE_MS } from './modules/clips/queue.ts';
import { repoRoot } from './core/paths.ts';

describe('loadConfig', () => {
  it('has the documented defaults with nothing set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      production: false,
      port: 8080,
      host: '0.0.0.0',
      logLevel: 'info',
      trustProxy: false,
      publicOrigins: {},
      siteOrigins: {},
      secrets: { app: undefined, media: undefined, sandboxWebhook: undefined },
      paths: {
        channelsDir: join(repoRoot, 'channels'),
        sitesDir: join(repoRoot, 'apps', 'web', 'dist'),
        consoleDir: join(repoRoot, 'apps', 'console', 'dist'),
        pgliteDataDir: join(repoRoot, '.data', 'pglite'),
        dataDir: join(repoRoot, '.data'),
        mediaDir: join(repoRoot, '.data', 'media'),
      },
      database: { kind: 'pglite', dataDir: join(repoRoot, '.data', 'pglite') },
      payments: { defaultProvider: 'sandbox', sandboxEnabled: false, stripe: null, sandboxWebhookUrl: null },
      mail: { smtpUrl: undefined, outbox: false, disabled: false, fromAddress: undefined, outboxDir: join(repoRoot, '.data', 'outbox') },
      media: { dir: join(repoRoot, '.data', 'media'), ffmpegPath: 'ffmpeg', quality: { width: 854, height: 480, fps: 25, videoKbps: 900 }, tokenTtlSeconds: 120 },
      live: { ingest: 'managed', rtmpPort: 1935, httpPort: 1936, publicUrl: 'rtmp://localhost:1935/live', pullUrl: 'rtmp://127.0.0.1:1935/live', callbackUrl: 'http://127.0.0.1:8080', graceSeconds: 120, demoCameras: 'eager', packager: 'in-process' },
    });
    expect(config.social('alpha', 'google')).toBeNull();
  });

  it('names the instance INSTANCE_ID, by default its machine and process, and refuses a name logs could not carry', () => {
    expect(loadConfig({}).instanceId).toBe(`${hostname()}-${process.pid}`);
    expect(loadConfig({ INSTANCE_ID: 'web-2.eu_west' }).instanceId).toBe('web-2.eu_west');
    expect(() => loadConfig({ INSTANCE_ID: 'web 2' })).toThrow(/^INSTANCE_ID: /);
    expect(() => loadConfig({ INSTANCE_ID: 'x'.repeat(65) })).toThrow(/^INSTANCE_ID: /);
  });

  it('holds a clip job CLIP_LEASE past its last sign of life (30 s), a positive duration', () => {
    expect(loadConfig({}).clips.leaseMs).toBe(DEFAULT_CLIP_LEASE_MS);
    expect(DEFAULT_CLIP_LEASE_MS).toBe(30_000);
    expect(loadConfig({ CLIP_LEASE: '5s' }).clips.leaseMs).toBe(5000);
    expect(() => loadConfig({ CLIP_LEASE: '0' })).toThrow(/^CLIP_LEASE: /);
    expect(() => loadConfig({ CLIP_LEASE: 'soon' })).toThrow(/^CLIP_LEASE: /);
  });

  it('packages the media at 480p unless MEDIA_QUALITY asks for 240p', () => {
    expect(loadConfig({ MEDIA_QUALITY: '240p' }).media.quality).toEqual({ width: 426, height: 240, fps: 25, videoKbps: 400 });
    expect(loadConfig({ MEDIA_QUALITY: '480p' }).media.quality).toEqual(loadConfig({}).media.quality);
  });

  it('encodes 8 s prerolls unless MEDIA_PREROLL_SECONDS says otherwise, and keeps media by content unless MEDIA_CACHE_DIR is off', () => {
    expect(loadConfig({}).media.prerollSeconds).toBe(8);
    expect(loadConfig({ MEDIA_PREROLL_SECONDS: '3' }).media.prerollSeconds).toBe(3);
    expect(() => loadConfig({ MEDIA_PREROLL_SECONDS: '0' })).toThrow(/^MEDIA_PREROLL_SECONDS: /);
    expect(() => loadConfig({ MEDIA_PREROLL_SECONDS: '61' })).toThrow(/^MEDIA_PREROLL_SECONDS: /);
    expect(loadConfig({ MEDIA_CACHE_DIR: '/srv/media-cache' }).media.cacheDir).toBe('/srv/media-cache');
    expect(loadConfig({ MEDIA_CACHE_DIR: 'off' }).media.cacheDir).toBeNull();
  });

  it('keeps stream addresses MEDIA_TOKEN_LIFETIME, in whole seconds and at least two', () => {
    expect(loadConfig({ MEDIA_TOKEN_LIFETIME: '30s' }).media.tokenTtlSeconds).toBe(30);
    expect(loadConfig({ MEDIA_TOKEN_LIFETIME: '5m' }).media.tokenTtlSeconds).toBe(300);
    expect(loadConfig({ MEDIA_TOKEN_LIFETIME: '500' }).media.tokenTtlSeconds).toBe(2);
    expect(() => loadConfig({ MEDIA_TOKEN_LIFETIME: '0' })).toThrow(/^MEDIA_TOKEN_LIFETIME: /);
    expect(() => loadConfig({ MEDIA_TOKEN_LIFETIME: 'forever' })).toThrow(/^MEDIA_TOKEN_LIFETIME: /);
  });

  it('keeps finished media in the media dir unless MEDIA_STORAGE=s3 names a bucket, with both keys or neither', () => {
    expect(loadConfig({}).media.storage).toEqual({ kind: 'local' });
    expect(loadConfig({ S3_BUCKET: 'grandstand-media' }).media.storage).toEqual({ kind: 'local' });
    expect(loadConfig({ MEDIA_STORAGE: 's3', S3_BUCKET: 'grandstand-media' }).media.storage).toEqual({
      kind: 's3',
      bucket: 'grandstand-media',
      endpoint: undefined,
      region: 'us-east-1',
      credentials: undefined,
      forcePathStyle: false,
    });
    expect(
      loadConfig({ MEDIA_STORAGE: 's3', S3_BUCKET: 'media', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_REGION: 'eu-west-3', S3_ACCESS_KEY_ID: 'AKID', S3_SECRET_ACCESS_KEY: 'secret', S3_FORCE_PATH_STYLE: 'true' }).media
        .storage,
    ).toEqual({ kind: 's3', bucket: 'media', endpoint: 'http://127.0.0.1:9000', region: 'eu-west-3', credentials: { accessKeyId: 'AKID', secretAccessKey: 'secret' }, forcePathStyle: true });
    expect(() => loadConfig({ MEDIA_STORAGE: 's3' })).toThrow(/^S3_BUCKET: /m);
    expect(() => loadConfig({ MEDIA_STORAGE: 'nfs' })).toThrow(/^MEDIA_STORAGE: /);
    expect(() => loadConfig({ MEDIA_STORAGE: 's3', S3_BUCKET: 'Not_A_Bucket' })).toThrow(/^S3_BUCKET: /);
    expect(() => loadConfig({ MEDIA_STORAGE: 's3', S3_BUCKET: 'media', S3_ENDPOINT: 'ftp://x' })).toThrow(/^S3_ENDPOINT: /);
    expect(() => loadConfig({ MEDIA_STORAGE: 's3', S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'AKID' })).toThrow(/^S3_SECRET_ACCESS_KEY: /);
    expect(() => loadConfig({ S3_FORCE_PATH_STYLE: 'yes' })).toThrow(/^S3_FORCE_PATH_STYLE: /);
  });

  it('takes blank as unset', () => {
    expect(loadConfig({ PORT: '', DEMO_CAMERAS: ' ', PAYMENT_PROVIDER: '', SESSION_IDLE_LIFETIME: '' })).toMatchObject({ port: 8080, live: { demoCameras: 'eager', ingest: 'managed', graceSeconds: 120 }, payments: { defaultProvider: 'sandbox' } });
  });

  it('reads the database, the paths and the data dir from the environment', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://db.example/grandstand', PGLITE_DATA_DIR: '/srv/data/pg', CHANNELS_DIR: '/srv/channels', NODE_ENV: 'production', LOG_LEVEL: 'warn' });
    expect(config.database).toEqual({ kind: 'postgres', connectionString: 'postgres://db.example/grandstand' });
    expect(config.paths).toMatchObject({ channelsDir: '/srv/channels', dataDir: '/srv/data' });
    expect(config.mail.outboxDir).toBe('/srv/data/outbox');
    expect(config).toMatchObject({ production: true, logLevel: 'warn' });
  });

  it('fails on a bad value with a ConfigError that begins with the variable’s name', () => {
    for (const [name, value] of [
      ['PORT', 'eighty'],
      ['LOG_LEVEL', 'loud'],
      ['DEMO_CAMERAS', 'sometimes'],
      ['INGEST', 'sometimes'],
      ['INGEST_PUBLIC_URL', 'http://example.com/live'],
      ['LIVE_GRACE_SECONDS', '0'],
      ['MEDIA_QUALITY', '1080p'],
      ['SANDBOX_WEBHOOK_URL', 'not a url'],
      ['ANALYTICS_PUBLIC_URL', 'ftp://stats.example'],
      ['SOCIAL_GOOGLE_ISSUER', 'accounts.google'],
    ] as const) {
      expect(() => loadConfig({ [name]: value }), `${name}=${value}`).toThrowError(ConfigError);
      expect(() => loadConfig({ [name]: value }), `${name}=${value}`).toThrowError(new RegExp(`^${name}: .*${value}`));
    }
  });

  it('tells the sites no analytics service unless ANALYTICS_PUBLIC_URL is set, without its trailing slash', () => {
    expect(loadConfig({}).analyticsPublicUrl).toBeNull();
    expect(loadConfig({ ANALYTICS_PUBLIC_URL: 'http://127.0.0.1:8090/' }).analyticsPublicUrl).toBe('http://127.0.0.1:8090');
    expect(loadConfig({ ANALYTICS_PUBLIC_URL: 'https://stats.example/grandstand' }).analyticsPublicUrl).toBe('https://stats.example/grandstand');
  });

  it('reads each channel\'s error DSN from CHANNEL_ERROR_DSNS, refusing what is not a DSN', () => {
    expect(loadConfig({}).errorDsns).toEqual({});
    expect(loadConfig({ CHANNEL_ERROR_DSNS: 'northfield=https://abc123@errors.example/4, laurentides=http://key@127.0.0.1:8193/2' }).errorDsns).toEqual({
      northfield: 'https://abc123@errors.example/4',
      laurentides: 'http://key@127.0.0.1:8193/2',
    });
    for (const value of ['northfield', 'northfield=https://errors.example/4', 'northfield=https://k@errors.example/x', 'a=https://k@e.example/1,a=https://k@e.example/2', 'northfield=javascript:alert(1)']) {
      expect(() => loadConfig({ CHANNEL_ERROR_DSNS: value }), value).toThrowError(/^CHANNEL_ERROR_DSNS: /);
    }
  });

  it('names every variable at fault, one a line', () => {
    expect(() => loadConfig({ PORT: 'x', MAIL_OUTBOX: 'yes' })).toThrowError(/^PORT: .*\nMAIL_OUTBOX: /);
  });
});

describe('accounts settings', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({}).accounts;
    expect(config.sessions.idleLifetimeMs).toBe(DEFAULT_SESSION_IDLE_LIFETIME_MS);
    expect(DEFAULT_SESSION_IDLE_LIFETIME_MS).toBe(30 * 86_400_000);
    expect(config.sessions.absoluteLifetimeMs).toBe(DEFAULT_SESSION_ABSOLUTE_LIFETIME_MS);
    expect(DEFAULT_SESSION_ABSOLUTE_LIFETIME_MS).toBe(90 * 86_400_000);
    expect(config.sessions.visitorKeyIdleMs).toBe(30 * 86_400_000);
    expect(config.sessions.pruneIntervalMs).toBe(3_600_000);
    expect(config.keyExchangeMax).toBe(DEFAULT_KEY_EXCHANGE_RATE_LIMIT);
  });

  it('reads the control room’s session lifetime and sign-in limits, with their defaults', () => {
    expect(loadConfig({}).operators).toEqual({ sessionSeconds: 8 * 3600, signInLimits: { windowMs: 15 * 60_000, addressLimit: 20, accountLimit: 5, attackLimit: 10, pauseSeconds: 60 } });
    const set = loadConfig({
      CONSOLE_SESSION_LIFETIME: '2h',
      CONSOLE_SIGN_IN_WINDOW: '5m',
      CONSOLE_SIGN_IN_ADDRESS_LIMIT: '50',
      CONSOLE_SIGN_IN_ACCOUNT_LIMIT: '3',
      CONSOLE_SIGN_IN_ATTACK_LIMIT: '30',
      CONSOLE_SIGN_IN_PAUSE: '2m',
    }).operators;
    expect(set).toEqual({ sessionSeconds: 7200, signInLimits: { windowMs: 5 * 60_000, addressLimit: 50, accountLimit: 3, attackLimit: 30, pauseSeconds: 120 } });
    for (const [name, value] of [
      ['CONSOLE_SESSION_LIFETIME', '0'],
      ['CONSOLE_SIGN_IN_ACCOUNT_LIMIT', '0'],
      ['CONSOLE_SIGN_IN_PAUSE', 'soon'],
    ] as const) {
      expect(() => loadConfig({ [name]: value }), name).toThrow(new RegExp(`^${name}`));
    }
  });

  it('reads durations with a unit or in milliseconds, and 0 turns the pruning off', () => {
    const config = loadConfig({ SESSION_IDLE_LIFETIME: '12h', SESSION_ABSOLUTE_LIFETIME: '7d', VISITOR_KEY_IDLE_LIFETIME: '90000', KEY_PRUNE_INTERVAL: '0', KEY_EXCHANGE_RATE_LIMIT: '600' }).accounts;
    expect(config.sessions).toEqual({ idleLifetimeMs: 12 * 3_600_000, absoluteLifetimeMs: 7 * 86_400_000, visitorKeyIdleMs: 90_000, pruneIntervalMs: 0 });
    expect(config.keyExchangeMax).toBe(600);
  });

  it('stops on a bad value, naming the variable', () => {
    for (const [name, value] of [
      ['SESSION_IDLE_LIFETIME', '30 days'],
      ['SESSION_IDLE_LIFETIME', '0'],
      ['SESSION_ABSOLUTE_LIFETIME', '-5d'],
      ['VISITOR_KEY_IDLE_LIFETIME', '1.5d'],
      ['KEY_PRUNE_INTERVAL', 'hourly'],
      ['KEY_EXCHANGE_RATE_LIMIT', '0'],
      ['KEY_EXCHANGE_RATE_LIMIT', 'lots'],
    ] as const) {
      expect(() => loadConfig({ [name]: value }), `${name}=${value}`).toThrowError(new RegExp(`^${name}: `));
    }
  });
});

describe('clip workers', () => {
  it('cuts 2 clips at once by default; 0 leaves the cutting to a cli.ts worker', () => {
    expect(loadConfig({}).clips.workers).toBe(2);
    expect(loadConfig({ CLIP_WORKERS: '0' }).clips.workers).toBe(0);
    expect(loadConfig({ CLIP_WORKERS: ' 4 ' }).clips.workers).toBe(4);
  });

  it('has default clip limits, each set by its variable, and refuses a limit of 0 naming it', () => {
    expect(loadConfig({}).clips.limits).toEqual({ rateMax: 10, addressRateMax: 60, clips: 20, secondsPerDay: 600, downloadsPerDay: 10, storageQuotaBytes: 5120 * 1024 * 1024 });
    const set = loadConfig({ CLIP_RATE_LIMIT: '3', CLIP_ADDRESS_RATE_LIMIT: '30', CLIP_DEFAULT_MAX_CLIPS: '5', CLIP_DEFAULT_SECONDS_PER_DAY: '120', CLIP_DEFAULT_DOWNLOADS_PER_DAY: '1', CLIP_STORAGE_QUOTA_MB: '2' });
    expect(set.clips.limits).toEqual({ rateMax: 3, addressRateMax: 30, clips: 5, secondsPerDay: 120, downloadsPerDay: 1, storageQuotaBytes: 2 * 1024 * 1024 });
    for (const name of ['CLIP_RATE_LIMIT', 'CLIP_ADDRESS_RATE_LIMIT', 'CLIP_DEFAULT_MAX_CLIPS', 'CLIP_DEFAULT_SECONDS_PER_DAY', 'CLIP_DEFAULT_DOWNLOADS_PER_DAY', 'CLIP_STORAGE_QUOTA_MB']) {
      expect(() => loadConfig({ [name]: '0' })).toThrow(new RegExp(name));
      expect(() => loadConfig({ [name]: 'lots' })).toThrow(new RegExp(name));
    }
  });

  it('refuses what is not a whole number, naming the variable', () => {
    expect(() => loadConfig({ CLIP_WORKERS: '-1' })).toThrow(/CLIP_WORKERS/);
    expect(() => loadConfig({ CLIP_WORKERS: 'two' })).toThrow(/CLIP_WORKERS/);
  });
});

describe('renewal job settings', () => {
  it('defaults: a run a minute, 30 minutes for a renewal webhook, 3 charges', () => {
    expect(loadConfig({}).commerce).toEqual({ renewalIntervalMs: DEFAULT_RENEWAL_INTERVAL_MS, chargeTimeoutMs: DEFAULT_RENEWAL_TIMEOUT_MS, chargeAttempts: DEFAULT_RENEWAL_ATTEMPTS });
    expect(DEFAULT_RENEWAL_TIMEOUT_MS).toBe(30 * 60_000);
  });

  it('reads whole numbers, 0 turning the job off', () => {
    expect(loadConfig({ COMMERCE_RENEWAL_INTERVAL_MS: '0', COMMERCE_RENEWAL_TIMEOUT_MS: '600000', COMMERCE_RENEWAL_ATTEMPTS: '5' }).commerce).toEqual({
      renewalIntervalMs: 0,
      chargeTimeoutMs: 600_000,
      chargeAttempts: 5,
    });
  });

  it('refuses a bad value naming the variable (serve stops)', () => {
    expect(() => loadConfig({ COMMERCE_RENEWAL_TIMEOUT_MS: '30m' })).toThrow(/COMMERCE_RENEWAL_TIMEOUT_MS/);
    expect(() => loadConfig({ COMMERCE_RENEWAL_TIMEOUT_MS: '10' })).toThrow(/COMMERCE_RENEWAL_TIMEOUT_MS/);
    expect(() => loadConfig({ COMMERCE_RENEWAL_ATTEMPTS: '0' })).toThrow(/COMMERCE_RENEWAL_ATTEMPTS/);
    expect(() => loadConfig({ COMMERCE_RENEWAL_ATTEMPTS: '-1' })).toThrow(/COMMERCE_RENEWAL_ATTEMPTS/);
    expect(() => loadConfig({ COMMERCE_RENEWAL_INTERVAL_MS: 'soon' })).toThrow(/COMMERCE_RENEWAL_INTERVAL_MS/);
  });
});

describe('TRUST_PROXY', () => {
  const trustProxy = (value: string) => loadConfig({ TRUST_PROXY: value }).trustProxy;

  it('trusts no proxy when unset or empty', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(trustProxy('')).toBe(false);
    expect(trustProxy(' , ')).toBe(false);
  });

  it('reads a comma list of addresses, CIDRs and range names', () => {
    expect(trustProxy('10.0.0.0/8, 127.0.0.1,::1,2001:db8::/32,loopback')).toEqual(['10.0.0.0/8', '127.0.0.1', '::1', '2001:db8::/32', 'loopback']);
  });

  it('refuses anything else, naming the bad entries', () => {
    expect(() => trustProxy('1')).toThrow(/TRUST_PROXY: not an address or CIDR: 1/);
    expect(() => trustProxy('true')).toThrow(/true/);
    expect(() => trustProxy('10.0.0.0/33,proxy.example')).toThrow(/10\.0\.0\.0\/33, proxy\.example/);
    expect(() => trustProxy('10.0.0.0/8/1')).toThrow(/10\.0\.0\.0\/8\/1/);
  });
});

describe('payments settings', () => {
  const keys = { STRIPE_SECRET_KEY: 'sk_test_config', STRIPE_WEBHOOK_SECRET: 'whsec_config' };

  it('keeps the sandbox off beside Stripe unless PAYMENT_SANDBOX=on', () => {
    expect(loadConfig({ PAYMENT_PROVIDER: 'stripe', ...keys }).payments).toMatchObject({ defaultProvider: 'stripe', sandboxEnabled: false });
    expect(loadConfig({ PAYMENT_PROVIDER: 'stripe', PAYMENT_SANDBOX: 'on', ...keys }).payments).toMatchObject({ defaultProvider: 'stripe', sandboxEnabled: true });
    expect(loadConfig({ PAYMENT_SANDBOX: 'ON ' }).payments.sandboxEnabled).toBe(true);
  });

  it('takes Stripe with both keys, and its publishable key for the site', () => {
    expect(loadConfig({ ...keys, STRIPE_PUBLISHABLE_KEY: 'pk_test_123' }).payments.stripe).toEqual({ secretKey: 'sk_test_config', webhookSecret: 'whsec_config', publishableKey: 'pk_test_123' });
    expect(loadConfig({ STRIPE_SECRET_KEY: 'sk_test_config' }).payments.stripe).toBeNull();
  });

  it('refuses bad values, naming the variable', () => {
    expect(() => loadConfig({ PAYMENT_SANDBOX: 'yes' })).toThrow(/^PAYMENT_SANDBOX: /);
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'paypal' })).toThrow(/^PAYMENT_PROVIDER: /);
    // A Stripe channel missing a key would otherwise run on the sandbox, which gives access away.
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_config' })).toThrow(/^PAYMENT_PROVIDER: .*STRIPE_WEBHOOK_SECRET/);
  });
});

describe('mail settings', () => {
  const SMTP = { SMTP_URL: 'smtp://mailer:secret@mail.example:587' };
  const mode = (env: Record<string, string>) => {
    const { smtpUrl, outbox, disabled } = loadConfig(env).mail;
    return { smtpUrl, outbox, disabled };
  };

  it('keeps the outbox pages off unless MAIL_OUTBOX=on', () => {
    expect(mode({})).toEqual({ smtpUrl: undefined, outbox: false, disabled: false });
    expect(mode({ MAIL_OUTBOX: 'off' }).outbox).toBe(false);
    expect(mode({ MAIL_OUTBOX: 'on' }).outbox).toBe(true);
    expect(mode({ ...SMTP })).toEqual({ smtpUrl: SMTP.SMTP_URL, outbox: false, disabled: false });
    expect(mode({ MAIL_DISABLED: 'true' })).toEqual({ smtpUrl: undefined, outbox: false, disabled: true });
    expect(loadConfig({ MAIL_FROM: 'tickets@northfield.example' }).mail.fromAddress).toBe('tickets@northfield.example');
  });

  it('parses strictly and refuses settings that contradict each other, naming the variable', () => {
    expect(() => mode({ MAIL_OUTBOX: 'yes' })).toThrowError(/^MAIL_OUTBOX: must be on or off/);
    expect(() => mode({ MAIL_DISABLED: '1' })).toThrowError(/^MAIL_DISABLED: must be true or false/);
    expect(() => mode({ SMTP_URL: 'http://mail.example' })).toThrowError(/^SMTP_URL: must be an smtp/);
    // Never echoes the value: it may hold a password.
    expect(() => mode({ SMTP_URL: 'smtp://user:hunter2@' })).toThrowError(/^SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL with a host$/);
    expect(() => mode({ SMTP_URL: 'hunter2' })).toThrowError(/^SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL with a host$/);
    expect(() => mode({ ...SMTP, MAIL_DISABLED: 'true' })).toThrowError(/^MAIL_DISABLED: /);
    expect(() => mode({ ...SMTP, MAIL_OUTBOX: 'on' })).toThrowError(/^MAIL_OUTBOX: /);
    expect(() => mode({ MAIL_DISABLED: 'true', MAIL_OUTBOX: 'on' })).toThrowError(/^MAIL_OUTBOX: /);
  });
});

describe('the analytics service', () => {
  const TOKEN = 'forget-token-0123456789abcdef';

  it('is told nothing unless both variables are set', () => {
    expect(loadConfig({}).analyticsService).toBeNull();
    expect(loadConfig({ ANALYTICS_URL: ' ', ANALYTICS_ADMIN_TOKEN: '' }).analyticsService).toBeNull();
    expect(loadConfig({ ANALYTICS_URL: 'http://127.0.0.1:8090', ANALYTICS_ADMIN_TOKEN: TOKEN }).analyticsService).toEqual({ url: 'http://127.0.0.1:8090', adminToken: TOKEN });
    expect(loadConfig({ ANALYTICS_URL: 'https://proxy.example/analytics/', ANALYTICS_ADMIN_TOKEN: TOKEN }).analyticsService?.url).toBe('https://proxy.example/analytics/');
  });

  it('refuses one without the other, naming the one missing', () => {
    expect(() => loadConfig({ ANALYTICS_URL: 'http://127.0.0.1:8090' })).toThrowError(/^ANALYTICS_ADMIN_TOKEN: must be set with ANALYTICS_URL/);
    expect(() => loadConfig({ ANALYTICS_ADMIN_TOKEN: TOKEN })).toThrowError(/^ANALYTICS_URL: must be set with ANALYTICS_ADMIN_TOKEN/);
  });

  it('refuses an address that is not the service’s base URL, and a token the service would refuse, without echoing the token', () => {
    for (const url of ['analytics:8090', 'ftp://analytics.example', 'http://analytics.example/?x=1', 'http://analytics.example/#top']) {
      expect(() => loadConfig({ ANALYTICS_URL: url, ANALYTICS_ADMIN_TOKEN: TOKEN }), url).toThrowError(/^ANALYTICS_URL: must be the analytics service's http\(s\) base URL/);
    }
    // Credentials in the address are refused and not repeated.
    expect(() => loadConfig({ ANALYTICS_URL: 'http://admin:hunter2@analytics.example', ANALYTICS_ADMIN_TOKEN: TOKEN })).toThrowError(/^ANALYTICS_URL: [^\n]*8090$/);
    for (const token of ['too-short-token', `${TOKEN}\n`, `${TOKEN}é`, ` ${TOKEN}`]) {
      const attempt = () => loadConfig({ ANALYTICS_URL: 'http://127.0.0.1:8090', ANALYTICS_ADMIN_TOKEN: token });
      expect(attempt, JSON.stringify(token)).toThrowError(/^ANALYTICS_ADMIN_TOKEN: must be the analytics service's admin token/);
      expect(attempt).not.toThrowError(token.trim());
    }
  });
});

describe('social login providers', () => {
  const config = loadConfig({
    SOCIAL_GOOGLE_ISSUER: 'https://accounts.google.com',
    SOCIAL_GOOGLE_CLIENT_ID: 'shared-id',
    SOCIAL_GOOGLE_CLIENT_SECRET: 'shared-secret',
    GRANDSTAND_LAURENTIDES_SOCIAL_GOOGLE_CLIENT_ID: 'laurentides-id',
    GRANDSTAND_LAURENTIDES_SOCIAL_FACEBOOK_ISSUER: 'https://www.facebook.com',
    GRANDSTAND_LAURENTIDES_SOCIAL_FACEBOOK_CLIENT_ID: 'fb-id',
  }).social;

  it('takes a channel’s own value field by field over the shared one', () => {
    expect(config('laurentides', 'google')).toMatchObject({ issuer: 'https://accounts.google.com', clientId: 'laurentides-id', clientSecret: 'shared-secret', trustEmail: false });
    expect(config('northfield', 'google')).toMatchObject({ clientId: 'shared-id' });
  });

  it('has no provider without an issuer and a client id', () => {
    expect(config('northfield', 'facebook')).toBeNull();
    expect(config('laurentides', 'facebook')).toMatchObject({ clientId: 'fb-id', trustEmail: true });
  });
});

describe('the one reader of the environment', () => {
  it('is src/config.ts: no other source file reads process.env', () => {
    const src = import.meta.dirname;
    const readers = (readdirSync(src, { recursive: true, encoding: 'utf8' }) as string[])
      .filter((file) => /\.ts$/.test(file) && !/\.test\.ts$/.test(file))
      .filter((file) => /\bprocess\.env\b/.test(readFileSync(join(src, file), 'utf8')))
      .map((file) => relative(src, join(src, file)));
    // And ffmpeg's environment (core/media/ffmpeg.ts), which passes on PATH and the locale, no setting.
    expect(readers.sort()).toEqual(['config.ts', 'core/media/ffmpeg.ts']);
  });
});
