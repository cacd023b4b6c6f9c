import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, databaseFile, DEFAULT_RETENTION_DAYS, loadConfig } from '../src/config.ts';
import { repoRoot } from '../src/paths.ts';
import { profilesFrom, readProfilesFromChannels } from '../src/profiles.ts';
import { DEMO_OPERATORS_FILE, demoOperators } from '../src/reports/operators.ts';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      host: '127.0.0.1',
      port: 8090,
      dataDir: join(repoRoot, '.data', 'analytics'),
      channelsDir: join(repoRoot, 'channels'),
      profiles: null,
      secret: undefined,
      adminToken: undefined,
      trustProxy: false,
      retention: { defaultDays: DEFAULT_RETENTION_DAYS, channels: {} },
    });
    expect(DEFAULT_RETENTION_DAYS).toBe(395);
  });

  it('names one file per instance sharing a data dir with ANALYTICS_INSTANCE, and analytics.duckdb alone', () => {
    expect(loadConfig({}).instance).toBeNull();
    expect(databaseFile(null)).toBe('analytics.duckdb');
    expect(loadConfig({ ANALYTICS_INSTANCE: 'ingest-2' }).instance).toBe('ingest-2');
    expect(databaseFile('ingest-2')).toBe('analytics-ingest-2.duckdb');
    for (const bad of ['Ingest', '../x', '-a', 'a'.repeat(33), 'a b']) expect(() => loadConfig({ ANALYTICS_INSTANCE: bad }), bad).toThrow(/^ANALYTICS_INSTANCE: /);
  });

  it('takes operators from ANALYTICS_OPERATORS, and refuses the demo ones in production', () => {
    const demo = readFileSync(DEMO_OPERATORS_FILE, 'utf8');
    const configured = loadConfig({ ANALYTICS_OPERATORS: demo, NODE_ENV: 'production' });
    expect(configured.production).toBe(true);
    expect(configured.operators?.map((operator) => operator.email)).toEqual(demoOperators().map((operator) => operator.email));
    expect(loadConfig({}).operators).toBeNull();
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/^ANALYTICS_OPERATORS: required in production/);
    expect(() => loadConfig({ ANALYTICS_OPERATORS: '[{"email":"ops@example.org"}]' })).toThrow(/^ANALYTICS_OPERATORS: /);
    expect(() => loadConfig({ ANALYTICS_OPERATORS: 'not json' })).toThrow(/^ANALYTICS_OPERATORS: /);
  });

  it('takes the control room’s operators from the channel server with ANALYTICS_OPERATORS_URL, which needs the shared token', () => {
    const token = 'a-shared-token-of-enough-length';
    const remote = loadConfig({ ANALYTICS_OPERATORS_URL: 'https://channels.example.org', ANALYTICS_ADMIN_TOKEN: token, NODE_ENV: 'production' });
    expect(remote.operatorsUrl).toBe('https://channels.example.org');
    expect(loadConfig({}).operatorsUrl).toBeNull();
    expect(() => loadConfig({ ANALYTICS_OPERATORS_URL: 'https://channels.example.org' })).toThrow(/^ANALYTICS_ADMIN_TOKEN: required with ANALYTICS_OPERATORS_URL/);
    expect(() => loadConfig({ ANALYTICS_OPERATORS_URL: 'ftp://channels.example.org', ANALYTICS_ADMIN_TOKEN: token })).toThrow(/ANALYTICS_OPERATORS_URL/);
  });

  it('reads profiles, retention and the rest', () => {
    const config = loadConfig({
      ANALYTICS_PORT: '8905',
      ANALYTICS_PROFILES: 'northfield=nfsn-web-3f9a1c7e, laurentides=ldl-web-8c2e5b14,laurentides=ldl-app-00000000',
      ANALYTICS_RETENTION: 'laurentides=90',
      ANALYTICS_RETENTION_DAYS: '730',
      TRUST_PROXY: '10.0.0.0/8,loopback',
      CHANNELS_DIR: '/elsewhere/channels',
    });
    expect(config.port).toBe(8905);
    expect(config.profiles).toEqual({ northfield: ['nfsn-web-3f9a1c7e'], laurentides: ['ldl-web-8c2e5b14', 'ldl-app-00000000'] });
    expect(config.retention).toEqual({ defaultDays: 730, channels: { laurentides: 90 } });
    expect(config.trustProxy).toEqual(['10.0.0.0/8', 'loopback']);
    expect(config.channelsDir).toBe('/elsewhere/channels');
  });

  it.each([
    ['ANALYTICS_PORT', { ANALYTICS_PORT: '70000' }],
    ['ANALYTICS_PROFILES', { ANALYTICS_PROFILES: 'northfield' }],
    ['ANALYTICS_PROFILES', { ANALYTICS_PROFILES: 'northfield=short' }],
    ['ANALYTICS_PROFILES', { ANALYTICS_PROFILES: 'northfield=same-key-1234,laurentides=same-key-1234' }],
    ['ANALYTICS_PROFILES', { ANALYTICS_PROFILES: 'North Field=nfsn-web-3f9a1c7e' }],
    ['ANALYTICS_RETENTION', { ANALYTICS_RETENTION: 'laurentides=0' }],
    ['ANALYTICS_RETENTION', { ANALYTICS_RETENTION: 'laurentides=90,laurentides=30' }],
    ['ANALYTICS_RETENTION_DAYS', { ANALYTICS_RETENTION_DAYS: '1y' }],
    ['ANALYTICS_SECRET', { ANALYTICS_SECRET: 'short' }],
    ['ANALYTICS_ADMIN_TOKEN', { ANALYTICS_ADMIN_TOKEN: 'short' }],
    ['TRUST_PROXY', { TRUST_PROXY: 'everyone' }],
    ['LOG_LEVEL', { LOG_LEVEL: 'loud' }],
  ])('refuses a bad %s, naming it', (variable, env) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`^${variable}: `));
  });
});

describe('profiles', () => {
  it("reads the demo keys from the channels' seed.json, Laurentides' included", () => {
    const bySlug = readProfilesFromChannels(join(repoRoot, 'channels'));
    expect(bySlug).toEqual({ laurentides: ['ldl-web-8c2e5b14'], northfield: ['nfsn-web-3f9a1c7e'] });
    const profiles = profilesFrom(bySlug);
    expect(profiles.channelOf('ldl-web-8c2e5b14')).toBe('laurentides');
    expect(profiles.channelOf('__proto__')).toBeNull();
    expect(profiles.channelOf('constructor')).toBeNull();
    expect(profiles.channels).toEqual(['laurentides', 'northfield']);
  });

  it('has no channels in a folder without any', () => {
    expect(readProfilesFromChannels(join(repoRoot, 'no-such-folder'))).toEqual({});
  });

  it('reads the ingest limits and the sign-in throttle, with their documented defaults', () => {
    expect(loadConfig({}).ingestLimits).toEqual({ windowMs: 60_000, perAddress: 6_000, perSession: 600, sessionDaily: 20_000, batchItems: 100 });
    expect(loadConfig({}).loginLimits).toEqual({ windowMs: 15 * 60_000, addressLimit: 20, accountLimit: 5, attackLimit: 10, pauseSeconds: 60 });
    const config = loadConfig({
      ANALYTICS_RATE_WINDOW_SECONDS: '10',
      ANALYTICS_ADDRESS_RATE: '1000',
      ANALYTICS_SESSION_RATE: '100',
      ANALYTICS_SESSION_DAILY: '5000',
      ANALYTICS_BATCH_LIMIT: '50',
      ANALYTICS_LOGIN_WINDOW_MINUTES: '30',
      ANALYTICS_LOGIN_ADDRESS_LIMIT: '40',
      ANALYTICS_LOGIN_ACCOUNT_LIMIT: '3',
      ANALYTICS_LOGIN_ATTACK_LIMIT: '25',
      ANALYTICS_LOGIN_PAUSE_SECONDS: '120',
    });
    expect(config.ingestLimits).toEqual({ windowMs: 10_000, perAddress: 1000, perSession: 100, sessionDaily: 5000, batchItems: 50 });
    expect(config.loginLimits).toEqual({ windowMs: 30 * 60_000, addressLimit: 40, accountLimit: 3, attackLimit: 25, pauseSeconds: 120 });
    expect(() => loadConfig({ ANALYTICS_BATCH_LIMIT: '101' })).toThrow(/^ANALYTICS_BATCH_LIMIT: /);
    expect(() => loadConfig({ ANALYTICS_ADDRESS_RATE: '0' })).toThrow(/^ANALYTICS_ADDRESS_RATE: /);
    expect(() => loadConfig({ ANALYTICS_LOGIN_PAUSE_SECONDS: 'soon' })).toThrow(/^ANALYTICS_LOGIN_PAUSE_SECONDS: /);
  });
});
