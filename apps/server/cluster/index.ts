import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { ManagedIngest } from '../src/core/ingest/nginx.ts';
import { repoRoot } from '../src/core/paths.ts';
import { freePort } from '../test/support/ports.ts';
import { type RunningBalancer, startHaproxy } from './haproxy.ts';
import { databaseUrl, startPostgres, type ThrowawayPostgres } from './postgres.ts';
import { type GroupProcess, killGroup, startGroupProcess } from './processes.ts';

export { haproxyConfig, startHaproxy } from './haproxy.ts';
export type { BalancedServer, BalancerOptions, RunningBalancer } from './haproxy.ts';

/**
 * Several server instances on one database, the way production runs them (README: Running several
 * instances): a PostgreSQL, N `serve` processes sharing it, one media folder and one data folder
 * (the demo outbox), HAProxy in front of them (round robin, health checks, no stickiness); the live
 * ingest (nginx with the RTMP module) and the packager as processes of their own, so any instance
 * can die without taking a game's stream with it. Every process runs in a process group of its own
 * and `stop()` ends them all.
 */
export interface ClusterOptions {
  /** How many `serve` processes (default 2), named `a`, `b`, … (`INSTANCE_ID`). */
  instances?: number;
  /** The balancer's port (default: a free one). Browsers reach the sites at `http://localhost:<port>`. */
  port?: number;
  /** The live ingest: RTMP and its control page (default: free ports). `false`: no ingest and no packager. */
  ingest?: { rtmpPort?: number; httpPort?: number } | false;
  /** Variables for every instance and the packager (the site's and console's folders, timers, …), over the cluster's own. */
  env?: Record<string, string>;
  /**
   * The channels' hosts behind the balancer (`null`: `localhost`, the default channel): each gets
   * `CHANNEL_PUBLIC_ORIGINS` `http://<host>.localhost:<port>`, so mailed links name the balancer.
   */
  channels?: readonly { slug: string; host: string | null }[];
  /** The response header naming the instance that answered (default `X-Served-By`; the tests read it). */
  servedByHeader?: string;
  /** Seconds between two health checks of an instance (default 1 s: a dead instance is out within 2 s). */
  checkIntervalMs?: number;
}

export interface ClusterInstance {
  readonly name: string;
  /** `http://127.0.0.1:<port>`: this instance alone, past the balancer. */
  readonly url: string;
  /** The process group leader's pid, while running. */
  readonly pid: number | null;
  /** Starts it (again); resolves once its health route answers. */
  start(): Promise<void>;
  /** SIGTERM: it finishes what it can and hands its jobs back. */
  stop(): Promise<void>;
  /** SIGKILL to its whole process group: a crash, nothing handed back. */
  kill(): Promise<void>;
  /** Stops it where it stands (SIGSTOP to its group), as a machine that hangs. */
  freeze(): void;
  /** Lets a frozen instance go on (SIGCONT). */
  resume(): void;
}

export interface Cluster {
  /** The balancer: `http://localhost:<port>`. */
  readonly url: string;
  readonly port: number;
  readonly databaseUrl: string;
  readonly mediaDir: string;
  readonly dataDir: string;
  readonly instances: readonly ClusterInstance[];
  readonly balancer: RunningBalancer;
  /** Where encoders publish (`rtmp://localhost:<port>/live`); null without an ingest. */
  readonly ingestUrl: string | null;
  /** A query on the cluster's database (the tests read what the instances wrote). */
  query<Row extends Record<string, unknown>>(text: string, values?: unknown[]): Promise<Row[]>;
  /** Stops the balancer, the instances, the packager, the ingest and the database, and removes the folders. */
  stop(): Promise<void>;
}

const SERVER_DIR = join(repoRoot, 'apps', 'server');

async function waitForHealth(url: string, process: GroupProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  void process.exited.then(() => (exited = true));
  for (;;) {
    if (exited) throw new Error(`${process.name} stopped at start:\n${process.output()}`);
    try {
      const response = await fetch(`${url}/health`, { signal: AbortSignal.timeout(2000) });
      await response.arrayBuffer();
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`${process.name} did not answer on ${url}/health within ${timeoutMs} ms:\n${process.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Runs a command of the server's CLI to its end (the seed, the ingest's configuration); its output. */
async function runCli(name: string, command: string, env: NodeJS.ProcessEnv): Promise<string> {
  const child = startGroupProcess(name, process.execPath, ['src/cli.ts', command], { cwd: SERVER_DIR, env });
  const { code, signal } = await child.exited;
  await child.stop();
  if (code !== 0) throw new Error(`node src/cli.ts ${command} ended with ${code ?? signal}:\n${child.output()}`);
  return child.output();
}

/**
 * The token nginx's callbacks carry, as `ingest-config` prints it for an ingest of its own: derived
 * from the app secret by the server's code, not again here.
 */
async function ingestCallbackToken(env: NodeJS.ProcessEnv): Promise<string> {
  const printed = await runCli('ingest-config', 'ingest-config', env);
  const token = /\/api\/ingest\/publish\?token=([^;\s]+)/.exec(printed)?.[1];
  if (!token) throw new Error(`ingest-config printed no callback token:\n${printed}`);
  return decodeURIComponent(token);
}

export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const count = options.instances ?? 2;
  const stops: (() => Promise<void> | void)[] = [];
  const stopAll = async () => {
    for (const stop of stops.splice(0).reverse()) {
      try {
        await stop();
      } catch {
        // Keep stopping the rest.
      }
    }
  };
  try {
    const dir = await mkdtemp(join(tmpdir(), 'grandstand-cluster-'));
    stops.push(() => rm(dir, { recursive: true, force: true }));
    const mediaDir = join(dir, 'media');
    const dataDir = join(dir, 'data');
    await Promise.all([mkdir(mediaDir), mkdir(dataDir)]);

    const postgres: ThrowawayPostgres = await startPostgres();
    stops.push(() => postgres.stop());
    const admin = new pg.Client({ connectionString: postgres.adminUrl });
    await admin.connect();
    await admin.query('CREATE DATABASE grandstand');
    await admin.end();
    const database = databaseUrl(postgres.adminUrl, 'grandstand');
    const pool = new pg.Pool({ connectionString: database, max: 2 });
    stops.push(() => pool.end());

    const port = options.port ?? (await freePort());
    const url = `http://localhost:${port}`;
    const ports = await Promise.all(Array.from({ length: count }, () => freePort()));
    const ingest = options.ingest === false ? null : { rtmpPort: options.ingest?.rtmpPort ?? (await freePort()), httpPort: options.ingest?.httpPort ?? (await freePort()) };
    // Every instance needs the same secrets (README: Running several instances).
    const appSecret = randomBytes(32).toString('hex');
    const publicOrigins = (options.channels ?? []).map(({ slug, host }) => `${slug}=http://${host ? `${host}.` : ''}localhost:${port}`).join(',');
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      LANG: process.env.LANG,
      DATABASE_URL: database,
      // One data folder (the demo outbox) and one media folder for all: what a deployment shares.
      PGLITE_DATA_DIR: join(dataDir, 'pglite'),
      MEDIA_DIR: mediaDir,
      APP_SECRET: appSecret,
      MEDIA_SECRET: randomBytes(32).toString('hex'),
      SANDBOX_WEBHOOK_SECRET: randomBytes(32).toString('hex'),
      HOST: '127.0.0.1',
      // The balancer is on the loopback: the instances believe its X-Forwarded-For.
      TRUST_PROXY: '127.0.0.1',
      ...(publicOrigins ? { CHANNEL_PUBLIC_ORIGINS: publicOrigins } : {}),
      LOG_LEVEL: 'warn',
      DEMO_CAMERAS: 'off',
      MAIL_OUTBOX: 'on',
      ...(ingest
        ? {
            INGEST: 'external',
            INGEST_RTMP_PORT: String(ingest.rtmpPort),
            INGEST_HTTP_PORT: String(ingest.httpPort),
            INGEST_PUBLIC_URL: `rtmp://localhost:${ingest.rtmpPort}/live`,
            INGEST_PULL_URL: `rtmp://127.0.0.1:${ingest.rtmpPort}/live`,
            INGEST_CONTROL_URL: `http://127.0.0.1:${ingest.httpPort}`,
            INGEST_CALLBACK_URL: `http://127.0.0.1:${port}`,
            PACKAGER: 'external',
          }
        : { INGEST: 'off' }),
      ...options.env,
    };

    // The schema and the demo data, once, before any instance starts.
    await runCli('seed', 'seed', env);

    if (ingest) {
      // nginx calls the balancer back: a publish is accepted whichever instance is up.
      const nginx = new ManagedIngest({
        rtmpHost: '127.0.0.1',
        rtmpPort: ingest.rtmpPort,
        httpHost: '127.0.0.1',
        httpPort: ingest.httpPort,
        callbackUrl: `http://127.0.0.1:${port}`,
        callbackToken: await ingestCallbackToken(env),
        playAllow: ['127.0.0.1'],
        dir: join(dir, 'ingest'),
      });
      await nginx.start();
      stops.push(() => nginx.stop());
      const packager = startGroupProcess('packager', process.execPath, ['src/cli.ts', 'packager'], { cwd: SERVER_DIR, env });
      stops.push(() => packager.stop());
    }

    const instances = ports.map((instancePort, index) => {
      const name = String.fromCharCode(97 + index);
      const instanceUrl = `http://127.0.0.1:${instancePort}`;
      let running: GroupProcess | null = null;
      const instance: ClusterInstance = {
        name,
        url: instanceUrl,
        get pid() {
          return running?.pid ?? null;
        },
        async start() {
          if (running) return;
          running = startGroupProcess(`instance ${name}`, process.execPath, ['src/cli.ts', 'serve'], {
            cwd: SERVER_DIR,
            env: { ...env, PORT: String(instancePort), INSTANCE_ID: name },
          });
          await waitForHealth(instanceUrl, running, 90_000);
        },
        async stop() {
          const was = running;
          running = null;
          if (was) {
            killGroup(was.pid, 'SIGCONT');
            await was.stop();
          }
        },
        async kill() {
          const was = running;
          running = null;
          await was?.kill();
        },
        freeze() {
          if (running) killGroup(running.pid, 'SIGSTOP');
        },
        resume() {
          if (running) killGroup(running.pid, 'SIGCONT');
        },
      };
      stops.push(() => instance.stop());
      return instance;
    });
    // Side by side, as a deployment starts them.
    await Promise.all(instances.map((instance) => instance.start()));

    const balancer = await startHaproxy({
      dir: join(dir, 'balancer'),
      name: 'grandstand',
      bind: { host: '127.0.0.1', port },
      servers: instances.map((instance) => ({ name: instance.name, host: '127.0.0.1', port: Number(new URL(instance.url).port) })),
      healthPath: '/health',
      checkIntervalMs: options.checkIntervalMs ?? 1000,
      fall: 2,
      rise: 2,
      servedByHeader: options.servedByHeader ?? 'X-Served-By',
      timeoutMs: 30_000,
    });
    stops.push(() => balancer.stop());

    return {
      url,
      port,
      databaseUrl: database,
      mediaDir,
      dataDir,
      instances,
      balancer,
      ingestUrl: ingest ? `rtmp://localhost:${ingest.rtmpPort}/live` : null,
      async query<Row extends Record<string, unknown>>(text: string, values: unknown[] = []) {
        return (await pool.query<Row>(text, values)).rows;
      },
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
