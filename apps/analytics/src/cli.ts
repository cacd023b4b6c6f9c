#!/usr/bin/env node
// The analytics service's commands: `serve` (default). Node 24 runs this file as it is.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { buildAnalyticsApp } from './app.ts';
import { type AnalyticsConfig, databaseFile, loadConfig } from './config.ts';
import { profilesFrom, readProfilesFromChannels } from './profiles.ts';
import { demoOperators } from './reports/operators.ts';
import { readChannels } from '@grandstand/contract/node';
import { loadOrCreateSecret, runCli, serviceLog, stopOnSignals } from '@grandstand/service-kit';
import { openStore } from './storage/store.ts';

const USAGE = `usage: node src/cli.ts serve

  serve    open the store in ANALYTICS_DATA_DIR, listen on ANALYTICS_HOST:ANALYTICS_PORT (127.0.0.1:8090)

env: ANALYTICS_HOST, ANALYTICS_PORT, ANALYTICS_DATA_DIR (default .data/analytics), ANALYTICS_INSTANCE (several processes on one data dir), ANALYTICS_PROFILES (slug=key,…;
     default: each channel's seed.json settings.analytics_key in CHANNELS_DIR, default channels/),
     ANALYTICS_SECRET (default: generated once into the data dir), ANALYTICS_ADMIN_TOKEN (unset: /admin/forget refused),
     ANALYTICS_RETENTION_DAYS (395), ANALYTICS_RETENTION (slug=days,…), ANALYTICS_QUEUE_LIMIT (20000 rows),
     TRUST_PROXY (proxy addresses/CIDRs), LOG_LEVEL, the ingest limits (ANALYTICS_RATE_WINDOW_SECONDS, ANALYTICS_ADDRESS_RATE,
     ANALYTICS_SESSION_RATE, ANALYTICS_SESSION_DAILY, ANALYTICS_BATCH_LIMIT) and the sign-in throttle (ANALYTICS_LOGIN_*; see the README)`;

const log = serviceLog('analytics');

async function serve(config: AnalyticsConfig): Promise<void> {
  const profiles = profilesFrom(config.profiles ?? readProfilesFromChannels(config.channelsDir));
  if (profiles.channels.length === 0) log(`warning: no profile keys (ANALYTICS_PROFILES unset and no settings.analytics_key in ${config.channelsDir}): every call will be refused`);
  const unknown = Object.keys(config.retention.channels).filter((slug) => !profiles.channels.includes(slug));
  if (unknown.length > 0) throw new Error(`ANALYTICS_RETENTION: no profile key for ${unknown.join(', ')} (channels: ${profiles.channels.join(', ') || 'none'})`);
  const names = new Map(readChannels(config.channelsDir).map((folder) => [folder.config.slug, folder.config.name]));
  const channels = profiles.channels.map((slug) => ({ slug, name: names.get(slug) ?? slug }));
  mkdirSync(config.dataDir, { recursive: true });
  const secret = loadOrCreateSecret(config.secret, join(config.dataDir, 'analytics-secret'));
  // Instances sharing the data dir share its generated secret (a session hash from one verifies on
  // any) and each write a file of their own.
  const path = join(config.dataDir, databaseFile(config.instance));
  const store = await openStore({ path, queueLimit: config.queueLimit });
  const app = await buildAnalyticsApp({
    store,
    profiles,
    secret,
    adminToken: config.adminToken,
    retention: config.retention,
    trustProxy: config.trustProxy,
    ingestLimits: config.ingestLimits,
    logger: { level: config.logLevel },
    reports: {
      operators: config.operators ?? demoOperators(),
      ...(config.operatorsUrl && config.adminToken ? { remoteOperators: { url: config.operatorsUrl, token: config.adminToken } } : {}),
      channels,
      secret,
      secure: config.production,
      loginLimits: config.loginLimits,
    },
  });
  const address = await app.listen({ port: config.port, host: config.host });
  log(`listening on ${address}; ${config.instance === null ? '' : `instance ${config.instance}; `}store ${path}; channels: ${profiles.channels.join(', ') || 'none'}`);
  stopOnSignals(
    async () => {
      // Calls under way finish (their rows are committed) before the store commits what is left and closes.
      await app.close();
      await store.close();
      log('stopped; every acknowledged row is stored');
    },
    { tag: 'analytics' },
  );
}

// The whole environment, parsed once: a bad value stops the start, naming the variable.
void runCli<AnalyticsConfig>({ tag: 'analytics', usage: USAGE, commands: { serve }, loadConfig });
