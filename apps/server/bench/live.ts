// `pnpm bench`: how many concurrent 720p camera signals one instance packages (live events),
// without re-encoding (the default) and with the ladder (the channel's `live.ladder`), and how
// long the end of a game takes to become its recording on demand.
//
// A throwaway nginx with Debian's RTMP module (the ingest's software, on loopback) takes the
// cameras; one EventPackager per camera pulls its signal, as the live module's worker does. The
// cameras publish a pre-encoded 720p30 loop (H.264 2.5 Mbit/s, a key frame every second, AAC)
// with `-c copy`, so their own encoding does not take the cores the packagers need. For each
// count of cameras, after a warm-up, every packager must keep up with real time for the measured
// span: at least 90 % of the span's seconds packaged, its newest segment written at most
// LAG_LIMIT_S ago. The largest count that holds is printed, with the cores the packagers' ffmpeg
// processes used (the host's busy share too, which counts the cameras, nginx and anything else).
//
// Environment: BENCH_LIVE_MAX_PASSTHROUGH (default 48) and BENCH_LIVE_MAX_LADDER (default 8) bound
// the counts tried; BENCH_LIVE_GAME_S (default 60) is the game recorded before its end is timed.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { loadChannelFolders } from '../src/core/channels/loadChannels.ts';
import { openDatabase } from '../src/core/db/connect.ts';
import { clipWindow } from '../src/core/media/clip.ts';
import { childEnvironment, runFfmpeg } from '../src/core/media/ffmpeg.ts';
import { EventPackager, readRecording } from '../src/core/media/packager/index.ts';
import { migrateToLatest } from '../src/migrations.ts';
import { seedChannel, upsertChannels } from '../src/modules/channels/seed.ts';
import { startPlainIngest } from '../test/support/plainIngest.ts';
import { freePort } from '../test/support/ports.ts';

const WARM_UP_S = 8;
const MEASURE_S = 15;
/** A packager keeping up writes a 1 s segment every second: its newest is never older than this. */
const LAG_LIMIT_S = 3;
const PRODUCED_SHARE = 0.9;
const MAX_PASSTHROUGH = Number(process.env.BENCH_LIVE_MAX_PASSTHROUGH ?? 48);
const MAX_LADDER = Number(process.env.BENCH_LIVE_MAX_LADDER ?? 8);
/** The seconds of game recorded before the end is measured. */
const GAME_S = Number(process.env.BENCH_LIVE_GAME_S ?? 60);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The host's busy share of CPU between two readings of /proc/stat. */
function cpuTimes(): { busy: number; total: number } {
  const fields = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/).slice(1).map(Number);
  const total = fields.reduce((sum, value) => sum + value, 0);
  const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
  return { busy: total - idle, total };
}

/** The measuring cameras' signal: 20 s of 720p30, made once. */
async function makeLoop(root: string): Promise<string> {
  const file = join(root, 'loop-720p.mp4');
  await runFfmpeg(
    [
      ...['-f', 'lavfi', '-i', 'testsrc2=s=1280x720:r=30:d=20', '-f', 'lavfi', '-i', 'sine=frequency=660:sample_rate=48000:d=20'],
      ...['-c:v', 'libx264', '-preset', 'veryfast', '-profile:v', 'high', '-pix_fmt', 'yuv420p', '-g', '30', '-keyint_min', '30', '-sc_threshold', '0'],
      ...['-b:v', '2500k', '-maxrate', '2500k', '-bufsize', '5000k', '-c:a', 'aac', '-b:a', '128k', '-movflags', '+faststart', file],
    ],
    { cwd: root },
  );
  return file;
}

function startCamera(loop: string, url: string): ChildProcess {
  return spawn('ffmpeg', ['-hide_banner', '-nostdin', '-loglevel', 'error', '-re', '-stream_loop', '-1', '-i', loop, '-c', 'copy', '-f', 'flv', url], { env: childEnvironment(), stdio: 'ignore' });
}

async function stopAll(cameras: ChildProcess[], packagers: EventPackager[]): Promise<void> {
  await Promise.all(packagers.map((packager) => packager.close().catch(() => {})));
  for (const camera of cameras) camera.kill('SIGKILL');
}

/**
 * Starts a run once its camera publishes (the ingest refuses a reader before; the live module's
 * worker tries again each second, as this does): resolves once the run wrote its first playlist.
 */
async function startRun(packager: EventPackager, url: string): Promise<void> {
  const packaging = () => {
    const run = packager.runs.at(-1);
    return packager.running && run !== undefined && existsSync(join(packager.dir, run.variants[0]?.playlist ?? ''));
  };
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (!packager.running) await packager.startRun(url);
    const attempt = Date.now() + 15_000;
    while (packager.running && !packaging() && Date.now() < attempt) await sleep(200);
    if (packaging()) return;
    await sleep(500);
  }
  throw new Error(`the packager could not read ${url}`);
}

interface Step {
  count: number;
  holds: boolean;
  worstLagS: number;
  leastShare: number;
  cpu: number;
  /** Cores the packagers' ffmpeg processes used together. */
  cores: number;
}

/** USER_HZ: /proc's CPU times are in these ticks. */
const CLOCK_TICKS = 100;

/** CPU ticks (user + system) the packager of a folder has used (its ffmpeg's pid is in `packager.pid`). */
function processTicks(dir: string): number {
  try {
    const pid = readFileSync(join(dir, 'packager.pid'), 'utf8').trim();
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    // After "pid (comm) ": state is field 3, utime 14 and stime 15 (1-based), so 11 and 12 here.
    return Number(fields[11] ?? 0) + Number(fields[12] ?? 0);
  } catch {
    return 0;
  }
}

async function step(root: string, ingest: string, loop: string, count: number, ladder: boolean): Promise<Step> {
  const media = join(root, `media-${ladder ? 'ladder' : 'copy'}-${count}`);
  const cameras: ChildProcess[] = [];
  const packagers: EventPackager[] = [];
  try {
    for (let i = 0; i < count; i++) cameras.push(startCamera(loop, `${ingest}/cam${i}`));
    await sleep(1500);
    for (let i = 0; i < count; i++) packagers.push(new EventPackager({ mediaDir: media, channelSlug: 'bench', eventId: i + 1, ladder }));
    await Promise.all(packagers.map((packager, i) => startRun(packager, `${ingest}/cam${i}`)));
    await sleep(WARM_UP_S * 1000);
    const seconds = async (packager: EventPackager) => (await packager.segments(0)).reduce((sum, s) => sum + s.duration, 0);
    const before = await Promise.all(packagers.map(seconds));
    const cpuBefore = cpuTimes();
    const ticksBefore = packagers.map((packager) => processTicks(packager.dir));
    await sleep(MEASURE_S * 1000);
    const cpuAfter = cpuTimes();
    const after = await Promise.all(packagers.map(seconds));
    const now = Date.now();
    const ticksAfter = packagers.map((packager) => processTicks(packager.dir));
    // How long ago each packager wrote its newest segment: one keeping up writes one a second.
    const lags = await Promise.all(
      packagers.map(async (packager) => {
        const last = (await packager.segments(0)).at(-1);
        if (!last) return Number.POSITIVE_INFINITY;
        try {
          return (now - (await stat(join(packager.dir, last.uri))).mtimeMs) / 1000;
        } catch {
          return Number.POSITIVE_INFINITY;
        }
      }),
    );
    const cores = ticksAfter.reduce((sum, ticks, i) => sum + (ticks - (ticksBefore[i] ?? 0)), 0) / CLOCK_TICKS / MEASURE_S;
    const shares = after.map((value, i) => (value - (before[i] ?? 0)) / MEASURE_S);
    const worstLagS = Math.max(...lags);
    const leastShare = Math.min(...shares);
    const alive = packagers.every((packager) => packager.running);
    const cpu = (cpuAfter.busy - cpuBefore.busy) / Math.max(1, cpuAfter.total - cpuBefore.total);
    return { count, holds: alive && worstLagS <= LAG_LIMIT_S && leastShare >= PRODUCED_SHARE, worstLagS, leastShare, cpu, cores };
  } finally {
    await stopAll(cameras, packagers);
    await rm(media, { recursive: true, force: true });
  }
}

function print(label: string, result: Step): void {
  const lag = Number.isFinite(result.worstLagS) ? `${result.worstLagS.toFixed(1)} s` : 'none';
  console.log(
    `    ${label.padEnd(12)} ${String(result.count).padStart(3)} cameras   newest segment ${lag.padStart(6)} old   least packaged ${Math.round(result.leastShare * 100)
      .toString()
      .padStart(3)} %   packagers ${result.cores.toFixed(2)} cores (${Math.round((result.cores / result.count) * 100)} % of one each)   host busy ${Math.round(result.cpu * 100)} %   ${result.holds ? 'holds' : 'falls behind'}`,
  );
}

/** Counts tried: doubling to 8, then by 8 (passthrough), or one by one (the ladder), up to `max`. */
function counts(max: number, ladder: boolean): number[] {
  const list: number[] = [];
  for (let n = 1; n <= max; n = ladder ? n + 1 : n < 8 ? n * 2 : n + 8) list.push(n);
  return list;
}

async function capacity(root: string, ingest: string, loop: string, ladder: boolean): Promise<number> {
  const label = ladder ? 'ladder' : 'passthrough';
  let held = 0;
  for (const count of counts(ladder ? MAX_LADDER : MAX_PASSTHROUGH, ladder)) {
    const result = await step(root, ingest, loop, count, ladder);
    print(label, result);
    if (!result.holds) break;
    held = count;
  }
  return held;
}

/**
 * Through the server: the app as `serve` builds it (a throwaway PGlite database holding the default
 * channel of CHANNELS_DIR, or the test fixtures' first, seeded; a managed ingest on free ports), a
 * seeded live event's demo camera started by its first stream request, GAME_S seconds of game, then
 * the producer's End: seconds until the event is finished with its recording ready, as the viewers'
 * pages will find it (the event's status in the database and the recording on disk).
 */
async function endToOnDemandThroughServer(root: string): Promise<{ seconds: number; durationS: number }> {
  let folders = await loadChannelFolders(loadConfig().paths.channelsDir);
  if (folders.length === 0) folders = await loadChannelFolders(join(import.meta.dirname, '..', 'test', 'fixtures', 'channels'));
  const folder = folders.find((f) => f.config.default) ?? folders[0];
  if (!folder) throw new Error('no channel folder to bench with');
  const opened = await openDatabase({ kind: 'pglite', dataDir: join(root, 'server-pglite') });
  const [rtmpPort, httpPort, port] = [await freePort(), await freePort(), await freePort()];
  const media = join(root, 'server-media');
  let app: FastifyInstance | null = null;
  try {
    await migrateToLatest(opened.db);
    const [channel] = await upsertChannels(opened.db, [{ ...folder, config: { ...folder.config, default: true } }]);
    if (!channel) throw new Error('the channel was not stored');
    await seedChannel(opened.db, channel);
    app = await buildApp({
      db: opened.db,
      channels: [channel],
      logger: { level: 'warn' },
      sitesDir: join(root, 'no-sites'),
      media: { dir: media },
      live: { ingest: 'managed', demoCameras: 'on-demand', rtmpPort, httpPort, pullUrl: `rtmp://127.0.0.1:${rtmpPort}/live`, controlUrl: `http://127.0.0.1:${httpPort}`, callbackUrl: `http://127.0.0.1:${port}`, ingestDir: join(root, 'server-ingest') },
    });
    // The ingest calls the server back before it lets the camera publish.
    await app.listen({ port, host: '127.0.0.1' });
    const event = await opened.db.selectFrom('events').select(['id', 'event_utc_ts']).where('channel_id', '=', channel.id).where('stream_status', '=', 'live').where('origin', '=', 'seed').orderBy('id').executeTakeFirst();
    if (!event) throw new Error(`the seeded channel ${channel.config.slug} has no live event`);
    const stream = await app.inject({ url: app.media.streamUrl({ channelId: channel.id, eventId: event.id, live: true, sessionId: 1 }) });
    if (stream.statusCode !== 200 && stream.statusCode !== 503) throw new Error(`the live stream answered ${stream.statusCode}: ${stream.body}`);
    const source = { channelSlug: channel.config.slug, eventId: event.id, live: true, eventUtcTs: Number(event.event_utc_ts) };
    const deadline = Date.now() + (GAME_S + 60) * 1000;
    // The game: GAME_S seconds in the live window, as a viewer's player reads it.
    for (;;) {
      const window = await clipWindow(media, source);
      if (window && window.end - window.start >= GAME_S) break;
      if (Date.now() > deadline) throw new Error(`the demo camera's game did not reach ${GAME_S} s`);
      await sleep(500);
    }
    const started = performance.now();
    await app.live.service.end(channel.id, event.id, null);
    for (;;) {
      const row = await opened.db.selectFrom('events').select('stream_status').where('id', '=', event.id).executeTakeFirstOrThrow();
      const recording = await readRecording(media, channel.config.slug, event.id);
      if (row.stream_status === 'finished' && recording) return { seconds: (performance.now() - started) / 1000, durationS: recording.durationS };
      if (performance.now() - started > 120_000) throw new Error('the event was not on demand 120 s after its end');
      await sleep(50);
    }
  } finally {
    await app?.close();
    await opened.close();
  }
}

/** A game of GAME_S seconds from one camera, then the end: seconds until its recording is on demand. */
async function endToOnDemand(root: string, ingest: string, loop: string): Promise<{ seconds: number; durationS: number }> {
  const camera = startCamera(loop, `${ingest}/game`);
  const packager = new EventPackager({ mediaDir: join(root, 'media-game'), channelSlug: 'bench', eventId: 1 });
  try {
    await sleep(1500);
    await startRun(packager, `${ingest}/game`);
    await sleep(GAME_S * 1000);
    const started = performance.now();
    const info = await packager.finish();
    return { seconds: (performance.now() - started) / 1000, durationS: info.durationS };
  } finally {
    await packager.close().catch(() => {});
    camera.kill('SIGKILL');
  }
}

async function main(): Promise<void> {
  console.log('\nLive packaging: concurrent 720p30 cameras (2.5 Mbit/s, key frame every 1 s) one instance packages');
  const root = await mkdtemp(join(tmpdir(), 'grandstand-bench-live-'));
  let ingest: { url: string; stop(): Promise<void> } | null = null;
  try {
    ingest = await startPlainIngest(join(root, 'nginx'), { connections: 1024 });
    const loop = await makeLoop(root);
    const passthrough = await capacity(root, ingest.url, loop, false);
    const ladder = await capacity(root, ingest.url, loop, true);
    console.log(`  concurrent 720p ingests one instance holds: passthrough ${passthrough}${passthrough === MAX_PASSTHROUGH ? '+' : ''}, ladder (480p + 360p encoded) ${ladder}${ladder === MAX_LADDER ? '+' : ''}`);
    const end = await endToOnDemand(root, ingest.url, loop);
    console.log(`  end to on demand, the packager's part (last segment, recording playlists, poster): ${end.seconds.toFixed(1)} s for a ${Math.round(end.durationS)} s 720p game`);
    const served = await endToOnDemandThroughServer(root);
    console.log(`  end to on demand through the server (producer's End to the event finished with its recording, goal ≤ 60 s): ${served.seconds.toFixed(1)} s for a ${Math.round(served.durationS)} s demo camera game`);
  } finally {
    await ingest?.stop();
    await rm(root, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
