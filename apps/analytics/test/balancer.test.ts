import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { startHaproxy, type RunningBalancer } from '@grandstand/server/cluster/haproxy';
import { afterEach, describe, expect, it } from 'vitest';
import { databaseFile } from '../src/config.ts';
import { openStore } from '../src/storage/store.ts';
import { NORTHFIELD_KEY, tempDir, visitPage } from './helpers.ts';

// Ingest is stateless (README: Outgrowing one machine): two `serve` processes on one data dir
// (ANALYTICS_INSTANCE), each writing its own DuckDB file and both verifying the session hashes
// signed with the data dir's one generated secret, behind HAProxy (the cluster tools' configuration:
// round robin, health checks on /healthz, no stickiness). Every event a client sends is stored,
// whichever process takes it, and when one process is killed mid-stream the client sends again
// what was not acknowledged, as the site's client does, and the other process stores it.

const cli = join(import.meta.dirname, '..', 'src', 'cli.ts');
const children: ChildProcess[] = [];
let balancer: RunningBalancer | null = null;

afterEach(async () => {
  await balancer?.stop();
  balancer = null;
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** One ingest process on the shared data dir; its port from its first line. */
async function serve(dataDir: string, instance: string): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, [cli, 'serve'], {
    env: {
      PATH: process.env['PATH'],
      ANALYTICS_PORT: '0',
      ANALYTICS_DATA_DIR: dataDir,
      ANALYTICS_INSTANCE: instance,
      ANALYTICS_PROFILES: `northfield=${NORTHFIELD_KEY}`,
      // One client sends everything here: the per-client limits are not what is tested.
      ANALYTICS_ADDRESS_RATE: '1000000',
      ANALYTICS_SESSION_RATE: '1000000',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  let output = '';
  child.stdout!.setEncoding('utf8');
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout!.on('data', (chunk: string) => {
      output += chunk;
      const match = /listening on http:\/\/[^:]+:(\d+);/.exec(output);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`instance ${instance} stopped (${code}): ${output}`)));
  });
  return { child, port };
}

/** The markers (`trk`) of every event stored in one instance's file. */
async function storedMarkers(dataDir: string, instance: string): Promise<string[]> {
  const store = await openStore({ path: join(dataDir, databaseFile(instance)) });
  try {
    const reader = await store.connection.runAndReadAll(`SELECT trk FROM events WHERE event = 'visit_page'`);
    return reader.getRowObjectsJS().map((row) => String(row['trk']));
  } finally {
    await store.close();
  }
}

interface Sent {
  /** Instances that acknowledged each marker (X-Served-By). */
  servedBy: Map<string, string>;
  /** Sends that did not get a 200 and were sent again. */
  retries: number;
}

/**
 * Sends `markers` through the balancer, `parallel` at a time, each until it is acknowledged (200),
 * as the site's client keeps its queue: a refused or broken call is sent again shortly.
 */
async function sendAll(url: string, session: string, markers: readonly string[], parallel: number, onSent?: (done: number) => void): Promise<Sent> {
  const servedBy = new Map<string, string>();
  let retries = 0;
  const queue = [...markers];
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      for (let marker = queue.shift(); marker !== undefined; marker = queue.shift()) {
        for (let attempt = 0; ; attempt++) {
          if (attempt > 50) throw new Error(`${marker} was never acknowledged`);
          const answer = await fetch(`${url}/datalake/event/`, {
            method: 'POST',
            headers: { 'content-type': 'text/plain' },
            body: JSON.stringify({ profile: NORTHFIELD_KEY, session_uuid: session, ...visitPage, trk: marker }),
          }).catch(() => null);
          if (answer?.status === 200) {
            servedBy.set(marker, answer.headers.get('x-served-by') ?? '?');
            break;
          }
          retries++;
          await answer?.body?.cancel();
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        onSent?.(servedBy.size);
      }
    }),
  );
  return { servedBy, retries };
}

describe('two ingest processes behind HAProxy', () => {
  it('store every event, whichever process takes it, and go on storing when one is killed', async () => {
    const temp = tempDir();
    try {
      // Started at once on one data dir: they share the secret the first one generated.
      const [a, b] = await Promise.all([serve(temp.dir, 'a'), serve(temp.dir, 'b')]);
      balancer = await startHaproxy({
        name: 'analytics',
        dir: join(temp.dir, 'balancer'),
        bind: { host: '127.0.0.1', port: await freePort() },
        servers: [
          { name: 'a', host: '127.0.0.1', port: a.port },
          { name: 'b', host: '127.0.0.1', port: b.port },
        ],
        healthPath: '/healthz',
        checkIntervalMs: 200,
        servedByHeader: 'X-Served-By',
      });
      const session = ((await (await fetch(`${balancer.url}/datalake/hash/?profile=${NORTHFIELD_KEY}`)).json()) as { data: string }).data;

      // Nothing killed: round robin spreads the events over both, and none is refused.
      const calm = Array.from({ length: 120 }, (_, i) => `calm-${i}`);
      const first = await sendAll(balancer.url, session, calm, 4);
      expect(first.retries).toBe(0);
      expect(new Set(first.servedBy.values())).toEqual(new Set(['a', 'b']));

      // One killed mid-stream (SIGKILL: no clean stop): the rest is stored by the other.
      const storm = Array.from({ length: 180 }, (_, i) => `storm-${i}`);
      let killed = false;
      const second = await sendAll(balancer.url, session, storm, 6, (done) => {
        if (!killed && done >= 60) {
          killed = true;
          b.child.kill('SIGKILL');
        }
      });
      expect(killed).toBe(true);
      if (b.child.exitCode === null && b.child.signalCode === null) await once(b.child, 'exit');
      expect([...second.servedBy.values()].slice(-40).every((instance) => instance === 'a')).toBe(true);

      // The survivor stops cleanly; both files are read as they were left.
      a.child.kill('SIGTERM');
      await once(a.child, 'exit');
      expect(readdirSync(temp.dir).filter((name) => name.endsWith('.duckdb')).sort()).toEqual([databaseFile('a'), databaseFile('b')]);
      const stored = [...(await storedMarkers(temp.dir, 'a')), ...(await storedMarkers(temp.dir, 'b'))];
      // Every event acknowledged is stored; an event whose answer was lost with the killed process
      // may have been stored by it and again by the other (at most once per send that failed).
      const distinct = new Set(stored);
      expect([...calm, ...storm].filter((marker) => !distinct.has(marker))).toEqual([]);
      expect(stored.length - distinct.size).toBeLessThanOrEqual(second.retries);
      // Each acknowledged event is in the file of the process that acknowledged it.
      const inA = new Set(await storedMarkers(temp.dir, 'a'));
      for (const [marker, instance] of [...first.servedBy, ...second.servedBy]) if (instance === 'a') expect(inA.has(marker), marker).toBe(true);
    } finally {
      temp.remove();
    }
  }, 90_000);
});
