#!/usr/bin/env node
// The server's commands: `serve` (default), `seed`, `migrate`, `prepare-media`, `worker`. Node 24 runs this file as it is.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { runCli, serviceLog, stopOnSignals } from '@grandstand/service-kit';
import { buildApp } from './app.ts';
import { type ChannelFolder, loadChannelFolder, loadChannelFolders } from './core/channels/loadChannels.ts';
import { CHANNELS_CHANGED_CHANNEL, ChannelRegistry } from './core/channels/registry.ts';
import { type ImportedChannel, importChannel } from './modules/channels/import.ts';
import { type ImportAnswer, importToken, INTERNAL_IMPORT_PATH } from './modules/channels/internalImport.ts';
import { seedChannel, seedMissing, upsertChannels } from './modules/channels/seed.ts';
import { loadClipMedia } from './modules/clips/cutter.ts';
import { startClipWorker } from './modules/clips/worker.ts';
import { loadConfig, type ServerConfig } from './config.ts';
import { type OpenedDatabase, openDatabase } from './core/db/connect.ts';
import { noticesOf } from './core/db/notices.ts';
import { migrateToLatest } from './migrations.ts';
import { withStartupLock } from './core/db/startupLock.ts';
import { prepareMedia } from './core/media/prepare.ts';
import { createMediaStorage } from './core/media/storage/index.ts';
import { servePreflight } from './preflight.ts';
import { createBus } from './core/buses.ts';
import { ingestControl } from './core/ingest/control.ts';
import { ingestConfig } from './core/ingest/nginx.ts';
import { databaseCounter } from './core/rateLimit/store.ts';
import { liveKeys } from './modules/live/keys.ts';
import { LiveService } from './modules/live/service.ts';
import { startPackagingWorker } from './modules/live/worker.ts';
import { loadSecrets } from './secrets.ts';

const USAGE = `usage: node src/cli.ts <serve|seed|migrate|channels|prepare-media|worker|packager|ingest-config>

  serve    migrate, load channels/, seed channels that have no demo data, listen on PORT (8080)
  seed     re-seed every channel's demo data from its seed.json, times relative to now
  migrate  apply pending database migrations
  channels import <folder>  validate a channel folder and write it into the database (its row, its pictures, its demo data if
           it has none yet); a server running on this PGlite data is handed the folder instead; it answers within moments, no restart
  prepare-media  package the on-demand recordings, the library's videos and prerolls as HLS with ffmpeg (kept when present)
  worker   cut queued clips, no HTTP (beside servers run with CLIP_WORKERS=0); stops cleanly on SIGTERM
  packager package live events' cameras, no HTTP (beside servers run with PACKAGER=external; same database and MEDIA_DIR)
  ingest-config  print the nginx configuration of an ingest run on its own machine (INGEST=external)

env: PORT, HOST, DATABASE_URL (PostgreSQL; else PGlite in PGLITE_DATA_DIR, default .data/pglite),
     CHANNELS_DIR (default channels/), SITES_DIR (default apps/web/dist), CONSOLE_DIR (default apps/console/dist), TRUST_PROXY (proxy addresses/CIDRs), LOG_LEVEL,
     MEDIA_DIR (default .data/media), MEDIA_SECRET (default: generated once into .data/media-secret),
     INGEST (managed | external | off; default managed), INGEST_RTMP_PORT (1935), INGEST_HTTP_PORT (1936), INGEST_PUBLIC_URL, INGEST_PULL_URL,
     INGEST_CALLBACK_URL, INGEST_CONTROL_URL, INGEST_PLAY_ALLOW, INGEST_REFUSAL_LIMIT (20 a minute), LIVE_GRACE_SECONDS (120), LIVE_SWEEP_MS (1000),
     DEMO_CAMERAS (eager | on-demand | off; default eager), PACKAGER (in-process | external), MEDIA_QUALITY (prepare-media's rendition: 480p | 240p; default 480p),
     MEDIA_PREROLL_SECONDS (prepare-media's sponsor prerolls, 1 to 60; default 8),
     MEDIA_CACHE_DIR (prepare-media's items kept by content; default ~/.cache/grandstand/media; off: none),
     SESSION_IDLE_LIFETIME (30d), SESSION_ABSOLUTE_LIFETIME (90d),
     VISITOR_KEY_IDLE_LIFETIME (30d), KEY_PRUNE_INTERVAL (1h; 0 off), KEY_EXCHANGE_RATE_LIMIT (300 a minute per address),
     CLIP_WORKERS (clips cut at once by this process, 2; 0: none), CLIP_LEASE (30s: a dead process's clip job is taken over after it), CLIP_RATE_LIMIT (10 a minute per viewer), CLIP_ADDRESS_RATE_LIMIT (60 per address),
     CLIP_DEFAULT_MAX_CLIPS (20), CLIP_DEFAULT_SECONDS_PER_DAY (600),
     CLIP_DEFAULT_DOWNLOADS_PER_DAY (10), CLIP_STORAGE_QUOTA_MB (5120 per channel), CHANNEL_PUBLIC_ORIGINS (slug=origin,…), SMTP_URL, MAIL_OUTBOX (on | off; default off), MAIL_DISABLED (true | false),
     ANALYTICS_URL and ANALYTICS_ADMIN_TOKEN (both or neither: deleted viewers are forgotten by the analytics service),
     NODE_ENV=production (see the server README: what production refuses to start without)`;

const log = serviceLog('server');

async function open(config: ServerConfig): Promise<OpenedDatabase> {
  const target = config.database;
  if (target.kind === 'pglite' && target.dataDir) mkdirSync(target.dataDir, { recursive: true });
  const opened = await openDatabase(target);
  log(`database: ${opened.engine === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite at ${config.paths.pgliteDataDir}`}`);
  const applied = await migrateToLatest(opened.db);
  if (applied.length > 0) log(`migrations applied: ${applied.join(', ')}`);
  return opened;
}

async function loadFolders(config: ServerConfig): Promise<ChannelFolder[]> {
  const { channelsDir } = config.paths;
  const folders: ChannelFolder[] = await loadChannelFolders(channelsDir);
  if (folders.length === 0) log(`warning: no channels in ${channelsDir}`);
  return folders;
}

async function loadChannels(config: ServerConfig, opened: OpenedDatabase): Promise<ImportedChannel[]> {
  return upsertChannels(opened.db, await loadFolders(config));
}

async function serve(config: ServerConfig): Promise<void> {
  // The environment was parsed first (a bad value stopped the start, named); now what would make
  // the server unsafe, checked against the channels, stops it before it touches the database.
  const folders = await loadFolders(config);
  const preflight = servePreflight(config, folders);
  const secrets = loadSecrets(config);
  // A bucket that cannot be reached stops the start, named, rather than the first clip.
  const mediaStorage = createMediaStorage(config.media.storage, config.media.dir);
  await mediaStorage.check();
  const opened = await open(config);
  // Instances started together on one database take turns at these writes (a fresh database's demo seed).
  const seeded = await withStartupLock(opened, async () => seedMissing(opened.db, await upsertChannels(opened.db, folders)));
  if (seeded.length > 0) log(`seeded demo data: ${seeded.join(', ')}`);
  const app = await buildApp({
    db: opened.db,
    sitesDir: config.paths.sitesDir,
    consoleDir: config.paths.consoleDir,
    // Each line names the instance it came from: several write to one log store behind a balancer.
    logger: { level: config.logLevel, base: { instance: config.instanceId } },
    instanceId: config.instanceId,
    trustProxy: config.trustProxy,
    publicOrigins: preflight.publicOrigins,
    media: { dir: config.media.dir, secret: secrets.media, ffmpegPath: config.media.ffmpegPath, tokenTtlSeconds: config.media.tokenTtlSeconds, storage: mediaStorage },
    // The managed ingest keeps its configuration beside the database, one folder per port: servers
    // sharing a data folder (the demo's, the end-to-end runs') never take each other's nginx for a stale one.
    live: { ...config.live, ingestDir: join(config.paths.dataDir, `ingest-${config.live.rtmpPort}`) },
    mail: { ...config.mail, secret: secrets.app },
    payments: {
      defaultProvider: config.payments.defaultProvider,
      sandboxEnabled: config.payments.sandboxEnabled,
      stripe: config.payments.stripe,
      sandbox: { webhookSecret: secrets.sandboxWebhook, webhookUrl: config.payments.sandboxWebhookUrl },
    },
    social: { config: config.social, secret: secrets.app },
    sessions: config.accounts.sessions,
    operators: config.operators,
    rateLimit: {
      keyExchangeMax: config.accounts.keyExchangeMax,
      resetPerEmailMax: config.accounts.resetRequests.perEmail,
      resetPerClientMax: config.accounts.resetRequests.perClient,
      resetTimeWindowMs: config.accounts.resetRequests.windowMs,
    },
    commerce: config.commerce,
    clips: { workers: config.clips.workers, limits: config.clips.limits, queue: { leaseMs: config.clips.leaseMs } },
    library: config.library,
    analyticsForget: config.analyticsService,
    analyticsUrl: config.analyticsPublicUrl,
    errorDsns: config.errorDsns,
  });
  let address: string;
  try {
    address = await app.listen({ port: preflight.port, host: config.host });
  } catch (error) {
    // The port is taken (or the host unknown): the managed ingest and the demo cameras started
    // with the app run in their own process groups and would outlive this process.
    await app.close();
    await opened.close();
    throw error;
  }
  const served = app.channels.all;
  const named = served.slice(0, 10).map((c) => `${c.config.slug}${c.config.default ? ' (default)' : ''} at ${app.channels.publicOrigin(c.id)}`);
  log(`listening on ${address}; ${served.length} channels: ${named.join(', ')}${served.length > named.length ? ', …' : ''}`);
  stopOnSignals(
    async () => {
      await app.close();
      await opened.close();
    },
    { tag: 'server' },
  );
}

async function seed(config: ServerConfig): Promise<void> {
  const opened = await open(config);
  try {
    const channels = await loadChannels(config, opened);
    for (const channel of channels) {
      if (!channel.seed) continue;
      await seedChannel(opened.db, channel);
      log(`seeded ${channel.config.slug}`);
    }
  } finally {
    await opened.close();
  }
}

/**
 * `channels import <folder>`: the folder validated as at start (file and field named), then written
 * into the database. On PGlite the running server holds the database, so the folder is handed to
 * it (loopback, the token derived from the app secret); with no server there, or on PostgreSQL,
 * the command writes itself, and the `channels_changed` notice tells running servers.
 */
async function channelsCommand(config: ServerConfig): Promise<void> {
  const [action, target] = process.argv.slice(3);
  if (action !== 'import' || !target) throw new Error('usage: node src/cli.ts channels import <folder>');
  const folder = loadChannelFolder(target);
  if (config.database.kind === 'pglite') {
    const answer = await handToServer(config, folder.dir);
    if (answer) {
      log(`imported ${answer.slug} (${answer.outcome}${answer.seeded ? ', demo data seeded' : ''}) through the running server`);
      return;
    }
  }
  const opened = await open(config);
  try {
    const { channel, outcome } = await importChannel(opened.db, folder, { force: true });
    const seeded = await seedMissing(opened.db, [channel]);
    log(`imported ${channel.config.slug} (${outcome}${seeded.length > 0 ? ', demo data seeded' : ''})`);
  } finally {
    await opened.close();
  }
}

/** The server on this machine's PORT imports the folder; null when none listens there. */
async function handToServer(config: ServerConfig, dir: string): Promise<ImportAnswer | null> {
  let response: Response;
  try {
    response = await fetch(`http://127.0.0.1:${config.port}${INTERNAL_IMPORT_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${importToken(loadSecrets(config).app)}` },
      body: JSON.stringify({ folder: dir }),
      signal: AbortSignal.timeout(120_000),
    });
  } catch (error) {
    const code = (error as { cause?: { code?: string } }).cause?.code;
    if (code === 'ECONNREFUSED') return null;
    throw error;
  }
  const body = (await response.json().catch(() => null)) as (ImportAnswer & { message?: string }) | null;
  if (!response.ok) throw new Error(`the server on port ${config.port} refused the import: ${body?.message ?? response.status}`);
  return body;
}

async function migrate(config: ServerConfig): Promise<void> {
  const opened = await open(config);
  await opened.close();
  log('migrations are up to date');
}

async function prepareMediaCommand(config: ServerConfig): Promise<void> {
  const { dir, ffmpegPath, quality, cacheDir, prerollSeconds } = config.media;
  const started = Date.now();
  const result = await prepareMedia({ dir, ffmpegPath, quality, cacheDir, prerollSeconds, channels: await loadChannelFolders(config.paths.channelsDir), log });
  log(`media in ${dir}: ${result.built.length} built, ${result.kept.length} kept (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

async function worker(config: ServerConfig): Promise<void> {
  const media = await loadClipMedia();
  if (!media) throw new Error('this build has no src/core/media/clip.ts: there is nothing to cut clips with');
  const storage = createMediaStorage(config.media.storage, config.media.dir);
  await storage.check();
  const opened = await open(config);
  const running = startClipWorker({
    db: opened.db,
    media,
    mediaDir: config.media.dir,
    storage,
    ffmpegPath: config.media.ffmpegPath,
    workers: config.clips.workers,
    leaseMs: config.clips.leaseMs,
    log,
  });
  stopOnSignals(
    async () => {
      // Cuts under way get a few seconds; the rest go back to the queue for another process.
      await running.stop();
      await opened.close();
    },
    { tag: 'server' },
  );
}

async function packager(config: ServerConfig): Promise<void> {
  const secrets = loadSecrets(config);
  const opened = await open(config);
  await loadChannels(config, opened);
  // The channels as their rows are now, kept current from the `channels_changed` notice as the
  // server's are: an owner's change of the live ladder applies from the next game this process packages.
  const channels = await ChannelRegistry.load(opened.db);
  let heardBefore = false;
  const changes = noticesOf(opened.db)?.(CHANNELS_CHANGED_CHANNEL, {
    notice: (payload) => {
      const id = Number(payload);
      if (Number.isSafeInteger(id)) channels.refresh(opened.db, id).catch((error: unknown) => log(`could not read channel ${id} again: ${String(error)}`));
    },
    live: (listening) => {
      // Back after a lost connection: what changed meanwhile went unheard, so every row is read again.
      if (listening && heardBefore) channels.reload(opened.db).catch((error: unknown) => log(`could not read the channels again: ${String(error)}`));
      if (listening) heardBefore = true;
    },
    error: (error) => log(`not hearing of channels changed elsewhere until the connection is back: ${error.message}`),
  });
  const service = new LiveService({
    db: opened.db,
    keys: liveKeys(secrets.app),
    dataChanged: createBus<number | null>(),
    control: config.live.ingest === 'off' ? null : ingestControl(config.live.controlUrl),
    counter: databaseCounter(opened.db),
    graceSeconds: config.live.graceSeconds,
    refusalLimit: config.live.refusalLimit,
    log: { info: log, warn: log },
  });
  const running = startPackagingWorker({
    db: opened.db,
    service,
    mediaDir: config.media.dir,
    ffmpegPath: config.media.ffmpegPath,
    pullUrl: config.live.pullUrl,
    channelOf: (channelId) => {
      const channel = channels.byId(channelId);
      if (!channel) return null;
      return { slug: channel.config.slug, ladder: channel.config.live?.ladder ?? false };
    },
    log: { info: log, warn: log },
  });
  log(`packaging live events as ${running.id}, pulling from ${config.live.pullUrl}`);
  stopOnSignals(
    async () => {
      // Runs stop without a recording; another packager (or this one restarted) continues them.
      await running.stop();
      await changes?.close();
      await opened.close();
    },
    { tag: 'server' },
  );
}

async function ingestConfigCommand(config: ServerConfig): Promise<void> {
  const secrets = loadSecrets(config);
  process.stdout.write(
    ingestConfig({
      rtmpHost: '0.0.0.0',
      rtmpPort: config.live.rtmpPort,
      // On its own machine the servers reach its control page: it listens on every address, for the loopback and INGEST_PLAY_ALLOW only.
      httpHost: '0.0.0.0',
      httpPort: config.live.httpPort,
      callbackUrl: config.live.callbackUrl,
      callbackToken: liveKeys(secrets.app).callbackToken,
      playAllow: config.live.playAllow,
      controlAllow: config.live.playAllow,
      dir: '/var/lib/grandstand-ingest',
    }),
  );
}

// The whole environment, parsed once: a bad value stops every command, naming the variable.
void runCli<ServerConfig>({ tag: 'server', usage: USAGE, commands: { serve, seed, migrate, channels: channelsCommand, 'prepare-media': prepareMediaCommand, worker, packager, 'ingest-config': ingestConfigCommand }, loadConfig });
