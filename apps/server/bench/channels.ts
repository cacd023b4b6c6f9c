// `pnpm bench`: a thousand channels on one instance (the goals: the server starts in <= 30 s with
// 1,000 channels, each channel adds <= 1 MB of resident memory, and a burst of 500 req/s on one
// channel's listings raises another channel's p99 by no more than 2x). Per engine (PGlite, then
// PostgreSQL as the other benches), on a throwaway database:
//   1. N channel folders are written to a temp folder, each with its own name, key, language,
//      currency, colours and logo, and imported into the database through the channels' import
//      (`importChannels`, what `channels import <folder>` and the start run: validated, written as
//      rows with their pictures); two of them get a bench catalogue (5,000 events each, the events
//      bench's channel);
//   2. the server starts in a child process as `cli.ts serve` does (its `channels/` folders — the
//      two — imported, demo data seeded where missing, then every channel row served) with 2 channels
//      in the database, then with 1,000: the time from the process's start to listening, and its
//      resident memory once listening (after a full GC);
//   3. on the 1,000-channel server, the quiet channel's listings at 100 req/s for 10 s alone, then
//      the same while the busy channel's listings take 500 req/s (sent from another process): the
//      quiet channel's p99 ratio.
import { fork } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import type { ChannelConfigInput } from '@grandstand/contract';
import { buildApp } from '../src/app.ts';
import { loadChannelFolders } from '../src/core/channels/loadChannels.ts';
import { openDatabase, type OpenedDatabase } from '../src/core/db/connect.ts';
import type { Database } from '../src/core/db/schema.ts';
import { migrateToLatest } from '../src/migrations.ts';
import { importChannels as importChannelFolders } from '../src/modules/channels/import.ts';
import { seedMissing } from '../src/modules/channels/seed.ts';
import { type BenchTaxonomy, realisticQueries, seedBenchChannel, warmUp } from './events.ts';
import { closeOnDisconnect, eachEngine, type Engine, forkServer, line, listenOnLoopback, type Result, serverArgs, summarise } from './harness.ts';

export const BENCH_CHANNELS = 1_000;
/** The smaller server the per-channel memory is measured against. */
const FEW_CHANNELS = 2;
/** Events in each of the two channels the burst is measured on. */
const EVENTS_PER_CHANNEL = 5_000;
const BURST_RATE = 500;
const BURST_CONNECTIONS = 50;
/** The quiet channel's own traffic, alone and during the burst. */
const QUIET_RATE = 100;
const QUIET_CONNECTIONS = 10;
const DURATION_S = 10;
const GOAL_START_S = 30;
const GOAL_MB_PER_CHANNEL = 1;
const GOAL_RATIO = 2;

const ADJECTIVES = ['Northern', 'Coastal', 'Valley', 'Prairie', 'Harbour', 'Summit', 'Lakeside', 'River', 'Canyon', 'Highland', 'Metro', 'County'];
const NOUNS = ['Schools', 'Athletics', 'Sports', 'League', 'Conference', 'Network', 'Games', 'Union'];
const CURRENCIES = ['USD', 'CAD', 'EUR', 'GBP'];

/** A colour of the hue (0-360), saturation and lightness (0-1), as `#rrggbb`. */
function hsl(hue: number, saturation: number, lightness: number): string {
  const a = saturation * Math.min(lightness, 1 - lightness);
  const channel = (n: number) => {
    const k = (n + hue / 30) % 12;
    const value = lightness - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(value * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}

/** The `i`th generated channel's channel.json: its own slug, name, key, language, currency and colours. */
export function benchChannelConfig(i: number): ChannelConfigInput {
  const hue = (i * 137.508) % 360;
  const name = `${ADJECTIVES[i % ADJECTIVES.length]} ${NOUNS[Math.floor(i / ADJECTIVES.length) % NOUNS.length]} ${i + 1}`;
  return {
    slug: `bench-${String(i + 1).padStart(4, '0')}`,
    name,
    default: i === 0,
    channelKey: `bench_pub_${String(i + 1).padStart(4, '0')}_${(i * 2_654_435_761 >>> 0).toString(36).padStart(7, '0')}`,
    language: i % 3 === 2 ? 'fr' : 'en',
    currency: CURRENCIES[i % CURRENCIES.length]!,
    fallbackColors: {
      'header-background': hsl(hue, 0.55, 0.22),
      'header-text-color': '#ffffff',
      'body-background': hsl(hue, 0.2, 0.97),
      'body-text-color': '#1a1a1a',
      'footer-background': hsl(hue, 0.55, 0.18),
      'footer-text-color': '#eeeeee',
      'primary-color': hsl(hue, 0.7, 0.42),
      'secondary-color': hsl((hue + 180) % 360, 0.35, 0.7),
    },
    logo: 'logo.svg',
    description: `${name}: live and on demand.`,
    clips: { tags: [{ id: 'goal', name: i % 3 === 2 ? 'But' : 'Goal' }], grant: [], limits: {} },
  };
}

/** Writes channel folders `from`..`to` (exclusive) under `dir`: channel.json and a logo in the channel's colour. */
export async function writeChannelFolders(dir: string, from: number, to: number): Promise<void> {
  for (let i = from; i < to; i += 1) {
    const config = benchChannelConfig(i);
    const folder = join(dir, config.slug);
    await mkdir(folder, { recursive: true });
    await writeFile(join(folder, 'channel.json'), `${JSON.stringify(config, null, 2)}\n`);
    const initials = config.name
      .split(' ')
      .slice(0, 2)
      .map((word) => word[0])
      .join('');
    await writeFile(
      join(folder, 'logo.svg'),
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="12" fill="${config.fallbackColors['primary-color']}"/><text x="32" y="41" font-size="24" text-anchor="middle" fill="#fff" font-family="sans-serif">${initials}</text></svg>\n`,
    );
  }
}

/** The channel folders of `dir` read and validated, then written into the database by slug (unchanged when they are there already). */
async function importChannels(db: Database, dir: string) {
  return importChannelFolders(db, await loadChannelFolders(dir));
}

/** What `cli.ts serve` does with its `channels/` folders before it builds the app: imported, demo data seeded where missing. */
async function startChannels(db: Database, dir: string) {
  const channels = await importChannels(db, dir);
  await seedMissing(db, channels);
  return channels;
}

interface Ready {
  port: number;
  /** From the process's start to listening. */
  startMs: number;
  /** Resident memory once listening, after a full GC. */
  rss: number;
  heapUsed: number;
  channels: number;
}

function databaseTarget(engine: Engine, connectionString: string | undefined, pgliteDir: string) {
  return engine === 'pglite' ? ({ kind: 'pglite', dataDir: pgliteDir } as const) : ({ kind: 'postgres', connectionString: connectionString! } as const);
}

/** The child: a server as `cli.ts serve` starts one, on the prepared database and channel folders. */
async function runServer(engine: Engine, connectionString: string | undefined): Promise<void> {
  const opened = await openDatabase(databaseTarget(engine, connectionString, process.env.BENCH_PGLITE_DIR!));
  await migrateToLatest(opened.db);
  await startChannels(opened.db, process.env.BENCH_CHANNELS_DIR!);
  // The app serves every channel row of the database, whatever `channels/` held. A media folder of
  // its own: the channels' pictures are copied there from the database as a new instance copies them.
  const app = await buildApp({ db: opened.db, logger: false, media: { dir: process.env.BENCH_MEDIA_DIR! } });
  const port = await listenOnLoopback(app);
  const startMs = Math.round(performance.now());
  // Twice: what a first collection frees can leave more for the second (weak references, finalizers).
  globalThis.gc?.();
  globalThis.gc?.();
  const { rss, heapUsed } = process.memoryUsage();
  process.send?.({ port, startMs, rss, heapUsed, channels: app.channels.all.length } satisfies Ready);
  closeOnDisconnect(app, opened);
}

/** Opens the bench's database in this process (PGlite lets one process hold it: closed before a server starts). */
async function withDatabase<T>(engine: Engine, connectionString: string | undefined, pgliteDir: string, work: (db: Database) => Promise<T>): Promise<T> {
  const opened: OpenedDatabase = await openDatabase(databaseTarget(engine, connectionString, pgliteDir));
  try {
    await migrateToLatest(opened.db);
    return await work(opened.db);
  } finally {
    await opened.close();
  }
}

async function apiKey(base: string, channelKey: string): Promise<string> {
  const response = await fetch(`${base}/api/get_api_key`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ channel_key: channelKey }) });
  if (!response.ok) throw new Error(`the key exchange for ${channelKey} answered ${response.status}`);
  return ((await response.json()) as { data: { api_key: string } }).data.api_key;
}

function listingLoad(base: string, key: string, pool: readonly string[], rate: number, connections: number): Promise<Result> {
  let i = 0;
  return autocannon({
    url: base,
    connections,
    overallRate: rate,
    duration: DURATION_S,
    requests: [{ setupRequest: (request) => ({ ...request, path: `/api/events?api_key=${key}&${pool[i++ % pool.length]!}` }) }],
  }).then(summarise);
}

interface BurstOrder {
  base: string;
  key: string;
  pool: string[];
}

/** Runs the busy channel's burst in a child process (`--burst`, the order in BENCH_BURST) and resolves its figures. */
function burstFromAnotherProcess(order: BurstOrder): Promise<Result> {
  const child = fork(import.meta.filename, ['--burst'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], env: { ...process.env, BENCH_BURST: JSON.stringify(order) } });
  return new Promise((resolve, reject) => {
    child.once('message', (message) => resolve(message as Result));
    child.once('exit', (code) => reject(new Error(`the burst process exited early (${code})`)));
  });
}

/** The burst process's end: the load, its figures sent back, then gone. */
async function runBurst(): Promise<void> {
  const order = JSON.parse(process.env.BENCH_BURST!) as BurstOrder;
  const result = await listingLoad(order.base, order.key, order.pool, BURST_RATE, BURST_CONNECTIONS);
  process.send?.(result, () => process.exit(0));
}

interface EngineResults {
  few: Ready;
  many: Ready;
  quietAlone: Result;
  quietDuringBurst: Result;
  burst: Result;
  /** Writing the channel folders, and importing them (the two already there: unchanged). */
  writeMs: number;
  importMs: number;
}

async function benchEngine(engine: Engine, connectionString?: string): Promise<EngineResults> {
  const root = await mkdtemp(join(tmpdir(), 'grandstand-bench-channels-'));
  try {
    const pgliteDir = join(root, 'pglite');
    const allDir = join(root, 'channels');
    const fewDir = join(root, 'few');
    const writing = performance.now();
    await writeChannelFolders(allDir, 0, BENCH_CHANNELS);
    const writeMs = Math.round(performance.now() - writing);
    await writeChannelFolders(fewDir, 0, FEW_CHANNELS);
    const now = Math.floor(Date.now() / 1000);
    // The two channels the burst is measured on, with a catalogue each; imported first, so the smaller server has them too.
    const taxonomies = await withDatabase(engine, connectionString, pgliteDir, async (db) => {
      const two = await importChannels(db, fewDir);
      const seeded: BenchTaxonomy[] = [];
      for (const channel of two) seeded.push(await seedBenchChannel(db, channel.id, EVENTS_PER_CHANNEL, now));
      await sql`VACUUM ANALYZE`.execute(db);
      return seeded;
    });
    const few = await startAndMeasure(engine, connectionString, pgliteDir, fewDir, async () => undefined);
    const importing = performance.now();
    await withDatabase(engine, connectionString, pgliteDir, (db) => importChannels(db, allDir));
    const importMs = Math.round(performance.now() - importing);

    let burstFigures: Pick<EngineResults, 'quietAlone' | 'quietDuringBurst' | 'burst'> | undefined;
    const many = await startAndMeasure(engine, connectionString, pgliteDir, fewDir, async (base) => {
      const [busy, quiet] = [benchChannelConfig(0), benchChannelConfig(1)];
      const busyKey = await apiKey(base, busy.channelKey);
      const quietKey = await apiKey(base, quiet.channelKey);
      const busyPool = realisticQueries(taxonomies[0]!, now);
      const quietPool = realisticQueries(taxonomies[1]!, now);
      // A running site has its popular listings computed already: one pass over each pool first.
      await warmUp([...busyPool.map((query) => `${base}/api/events?api_key=${busyKey}&${query}`), ...quietPool.map((query) => `${base}/api/events?api_key=${quietKey}&${query}`)]);
      const quietAlone = await listingLoad(base, quietKey, quietPool, QUIET_RATE, QUIET_CONNECTIONS);
      // The burst from a process of its own: sending 500 req/s from this one would delay the quiet
      // channel's own requests and answers here, and count that delay as the server's.
      const [quietDuringBurst, burst] = await Promise.all([listingLoad(base, quietKey, quietPool, QUIET_RATE, QUIET_CONNECTIONS), burstFromAnotherProcess({ base, key: busyKey, pool: busyPool })]);
      burstFigures = { quietAlone, quietDuringBurst, burst };
    });
    return { few, many, ...burstFigures!, writeMs, importMs };
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

/** Starts a server on the database with the channel folders of `dir`, runs `measure` against it, stops it. */
async function startAndMeasure(engine: Engine, connectionString: string | undefined, pgliteDir: string, dir: string, measure: (base: string) => Promise<void>): Promise<Ready> {
  const { ready, stop } = await forkServer<Ready>(import.meta.filename, engine, connectionString, {
    env: { BENCH_PGLITE_DIR: pgliteDir, BENCH_CHANNELS_DIR: dir, BENCH_MEDIA_DIR: join(pgliteDir, '..', `media-${basename(dir)}`) },
    execArgv: ['--expose-gc'],
  });
  try {
    await measure(`http://127.0.0.1:${ready.port}`);
    return ready;
  } finally {
    await stop();
  }
}

const MB = 1024 * 1024;
const verdict = (met: boolean) => (met ? 'GOAL MET' : 'GOAL NOT MET');

async function report(label: string, engine: Engine, connectionString?: string): Promise<void> {
  const r = await benchEngine(engine, connectionString);
  const perChannelMb = (r.many.rss - r.few.rss) / (r.many.channels - r.few.channels) / MB;
  const ratio = r.quietDuringBurst.p99 / Math.max(1, r.quietAlone.p99);
  console.log(
    `  ${label}: ${BENCH_CHANNELS.toLocaleString('en')} channel folders written in ${(r.writeMs / 1000).toFixed(1)} s, imported in ${(r.importMs / 1000).toFixed(1)} s; 2 of them with ${EVENTS_PER_CHANNEL.toLocaleString('en')} events each`,
  );
  console.log(`    start with ${r.few.channels} channels: ${(r.few.startMs / 1000).toFixed(1)} s, resident ${(r.few.rss / MB).toFixed(0)} MB (heap ${(r.few.heapUsed / MB).toFixed(0)} MB)`);
  console.log(
    `    start with ${r.many.channels.toLocaleString('en')} channels: ${(r.many.startMs / 1000).toFixed(1)} s (goal <= ${GOAL_START_S} s) ${verdict(r.many.startMs <= GOAL_START_S * 1000)}, resident ${(r.many.rss / MB).toFixed(0)} MB (heap ${(r.many.heapUsed / MB).toFixed(0)} MB)`,
  );
  const heapPerChannelKb = (r.many.heapUsed - r.few.heapUsed) / (r.many.channels - r.few.channels) / 1024;
  console.log(
    `    resident memory per channel: ${(perChannelMb * 1024).toFixed(0)} KB (goal <= ${GOAL_MB_PER_CHANNEL} MB) ${verdict(perChannelMb <= GOAL_MB_PER_CHANNEL)}; JavaScript heap per channel: ${heapPerChannelKb.toFixed(0)} KB`,
  );
  console.log(line(`quiet channel alone (${QUIET_RATE} req/s)`, r.quietAlone, ''));
  console.log(line(`quiet channel during the burst`, r.quietDuringBurst, `${ratio.toFixed(2)}x (goal <= ${GOAL_RATIO}x) ${verdict(ratio <= GOAL_RATIO && r.quietDuringBurst.problems === 0)}`));
  console.log(line(`busy channel's burst (${BURST_RATE} req/s)`, r.burst, ''));
}

async function runBench(): Promise<void> {
  console.log(
    `channels bench: ${BENCH_CHANNELS.toLocaleString('en')} channels on one server; start time, resident memory per channel ((${BENCH_CHANNELS.toLocaleString('en')} channels - ${FEW_CHANNELS}) / ${BENCH_CHANNELS - FEW_CHANNELS}), and one channel's listings p99 at ${QUIET_RATE} req/s (${QUIET_CONNECTIONS} connections) alone and while another channel's take ${BURST_RATE} req/s (${BURST_CONNECTIONS} connections), ${DURATION_S} s each after one warm-up pass`,
  );
  await eachEngine((label, engine, connectionString) => report(label, engine, connectionString));
}

if (import.meta.main) {
  const server = serverArgs();
  if (server) await runServer(server.engine, server.connectionString);
  else if (process.argv.includes('--burst')) await runBurst();
  else await runBench();
}
