// What the server benches share: a throwaway database per engine (PGlite in a temp folder, then
// PostgreSQL on BENCH_DATABASE_URL or a throwaway local cluster), the server in a child process on
// loopback (so the load generator does not share its event loop), and the printed figures.
import { type ChildProcess, execFileSync, fork } from 'node:child_process';
import { chownSync, existsSync, readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Result as AutocannonResult } from 'autocannon';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { openDatabase } from '../src/core/db/connect.ts';
import type { Database } from '../src/core/db/schema.ts';

export type Engine = 'pglite' | 'postgres';

/** A database of the engine for a bench server: PGlite in a temp folder (`prefix`), or the given PostgreSQL database. */
export async function openBenchDatabase(engine: Engine, connectionString: string | undefined, prefix: string): Promise<{ db: Database; close(): Promise<void> }> {
  const dataDir = engine === 'pglite' ? await mkdtemp(join(tmpdir(), prefix)) : undefined;
  const opened = await openDatabase(engine === 'pglite' ? { kind: 'pglite', dataDir: dataDir! } : { kind: 'postgres', connectionString: connectionString! });
  return {
    db: opened.db,
    async close() {
      await opened.close();
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Listens on loopback only, on a free port; resolves the port. */
export async function listenOnLoopback(app: FastifyInstance): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return typeof address === 'object' && address ? address.port : 0;
}

/** The child's end: when the bench lets go of it, the app and its database are closed and the process exits. */
export function closeOnDisconnect(app: FastifyInstance, database: { close(): Promise<void> }): void {
  process.once('disconnect', () => {
    void app
      .close()
      .then(() => database.close())
      .finally(() => process.exit(0));
  });
}

/** The child's arguments as `forkServer` passes them: the engine and, for PostgreSQL, its database. */
export function serverArgs(): { engine: Engine; connectionString: string | undefined } | null {
  const at = process.argv.indexOf('--server');
  if (at < 0) return null;
  return { engine: process.argv[at + 1] === 'postgres' ? 'postgres' : 'pglite', connectionString: process.argv[at + 2] };
}

/**
 * Runs `file` as the bench's server child (`--server <engine> [connection string]`) and waits for
 * its first message (the `Ready` it sends once it listens), with `options.env` added to its
 * environment and `options.execArgv` to Node's flags. `stop` lets go of it, and kills it if it has
 * not closed within 5 s.
 */
export async function forkServer<Ready>(
  file: string,
  engine: Engine,
  connectionString?: string,
  options: { env?: Record<string, string>; execArgv?: string[] } = {},
): Promise<{ ready: Ready; stop(): Promise<void>; child: ChildProcess }> {
  const child = fork(file, ['--server', engine, ...(connectionString ? [connectionString] : [])], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    ...(options.env ? { env: { ...process.env, ...options.env } } : {}),
    ...(options.execArgv ? { execArgv: [...process.execArgv, ...options.execArgv] } : {}),
  });
  const stop = async () => {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    if (child.connected) child.disconnect();
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
    if (child.exitCode === null) child.kill();
  };
  try {
    const ready = await new Promise<Ready>((resolve, reject) => {
      child.once('message', (message) => resolve(message as Ready));
      child.once('exit', (code) => reject(new Error(`the ${engine} bench server exited early (${code})`)));
    });
    return { ready, stop, child };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * Runs `run` on PGlite (the default engine), then on PostgreSQL: a throwaway database on
 * BENCH_DATABASE_URL when set, otherwise a throwaway local cluster from Debian's binaries, or says
 * it is skipped; `BENCH_ENGINES` (`pglite`, `postgres` or both, comma-separated) keeps only those.
 * `label` names the engine in the printed figures.
 */
export async function eachEngine(run: (label: string, engine: Engine, connectionString?: string) => Promise<void>): Promise<void> {
  // BENCH_ENGINES (e.g. `postgres`) benches only the engines named: one engine's figures without the other's minutes.
  const wanted = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',').map((name) => name.trim());
  if (wanted.includes('pglite')) await run('PGlite (default engine)', 'pglite');
  if (!wanted.includes('postgres')) return;
  if (process.env.BENCH_DATABASE_URL) {
    const database = await throwawayDatabase(process.env.BENCH_DATABASE_URL);
    try {
      await run('PostgreSQL (BENCH_DATABASE_URL)', 'postgres', database.url);
    } finally {
      await database.drop();
    }
    return;
  }
  const cluster = await startCluster();
  if (!cluster) {
    console.log('  PostgreSQL: skipped (no BENCH_DATABASE_URL, no server binaries under /usr/lib/postgresql; Debian package `postgresql`)');
    return;
  }
  try {
    await run('PostgreSQL (throwaway local cluster)', 'postgres', cluster.url);
  } finally {
    cluster.stop();
  }
}

/** A throwaway PostgreSQL cluster as test/setup/postgres.ts starts one: temp dir, unix socket only, no fsync. */
export async function startCluster(): Promise<{ url: string; stop(): void } | null> {
  const root = '/usr/lib/postgresql';
  const majors = existsSync(root) ? readdirSync(root).filter((v) => existsSync(join(root, v, 'bin', 'initdb'))) : [];
  majors.sort((a, b) => Number(b) - Number(a));
  if (majors.length === 0) return null;
  const bin = join(root, majors[0]!, 'bin');
  const dir = await mkdtemp(join(tmpdir(), 'grandstand-bench-pg-'));
  const dataDir = join(dir, 'data');
  // initdb refuses to run as root: run the cluster as Debian's postgres user.
  const asRoot = process.getuid?.() === 0;
  const run = (command: string, args: string[]) =>
    execFileSync(asRoot ? '/usr/sbin/runuser' : join(bin, command), asRoot ? ['-u', 'postgres', '--', join(bin, command), ...args] : args, { stdio: 'pipe' });
  if (asRoot) chownSync(dir, Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' })), Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' })));
  const port = await new Promise<number>((resolve, reject) => {
    const server = createServer().once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
  const stop = () => {
    try {
      run('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
    } catch {
      // Not started: nothing to stop.
    }
    execFileSync('rm', ['-rf', dir]);
  };
  try {
    run('initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
    run('pg_ctl', ['-D', dataDir, '-l', join(dir, 'server.log'), '-w', '-o', `-p ${port} -k ${dir} -c listen_addresses= -c fsync=off -c full_page_writes=off`, 'start']);
  } catch (error) {
    stop();
    throw error;
  }
  return { url: `postgresql://postgres@localhost:${port}/postgres?host=${encodeURIComponent(dir)}`, stop };
}

/** A database of its own on the PostgreSQL server of `adminUrl`, dropped by `drop`. */
export async function throwawayDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `grandstand_bench_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

/**
 * One phase's figures: achieved req/s, latency p50 and p99 (ms), and the answers that were not 2xx,
 * errors and time-outs; with `cpuMs`, the server's CPU time (user + system) per answered request,
 * which other work on a shared machine changes far less than it changes the latencies.
 */
export interface Result {
  rps: number;
  p50: number;
  p99: number;
  problems: number;
  cpuMs?: number;
}

export function summarise(result: AutocannonResult, serverCpuMicros?: number): Result {
  const answered = result.requests.total;
  const cpuMs = serverCpuMicros !== undefined && answered > 0 ? Math.round(serverCpuMicros / answered / 10) / 100 : undefined;
  return { rps: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99, problems: result.non2xx + result.errors + result.timeouts, ...(cpuMs !== undefined ? { cpuMs } : {}) };
}

/** The child's end of `serverCpu`: answers a `cpu` message with its CPU time so far. */
export function answerCpuQuestions(): void {
  process.on('message', (message) => {
    if (message === 'cpu') process.send?.({ cpu: process.cpuUsage() });
  });
}

/** The server child's CPU time so far (user + system, microseconds); the child calls `answerCpuQuestions`. */
export function serverCpu(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    const onMessage = (message: unknown) => {
      const cpu = (message as { cpu?: NodeJS.CpuUsage } | null)?.cpu;
      if (!cpu) return;
      child.off('message', onMessage);
      resolve(cpu.user + cpu.system);
    };
    child.on('message', onMessage);
    child.send('cpu');
  });
}

/** A phase's printed line. */
export function line(label: string, r: Result, verdict: string): string {
  const cpu = r.cpuMs !== undefined ? `   cpu ${r.cpuMs.toFixed(2)} ms/req` : '';
  return `    ${label.padEnd(40)} ${String(r.rps).padStart(5)} req/s   p50 ${String(r.p50).padStart(4)} ms   p99 ${String(r.p99).padStart(5)} ms${cpu}   ${verdict}${r.problems ? `   (${r.problems} non-2xx/errors)` : ''}`;
}
