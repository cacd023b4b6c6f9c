import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Debian's RTMP module for nginx (`libnginx-mod-rtmp`). */
export const RTMP_MODULE_PATH = '/usr/lib/nginx/modules/ngx_rtmp_module.so';
/** The nginx binary of Debian's `nginx-light`. */
export const DEFAULT_NGINX_PATH = '/usr/sbin/nginx';
/** The RTMP application encoders publish to: `rtmp://host:port/live/<stream key>`. */
export const INGEST_APP = 'live';

export interface IngestConfigOptions {
  /** Where encoders connect (RTMP). */
  rtmpHost: string;
  rtmpPort: number;
  /** The stat and control page: loopback by default, it can drop any publisher. */
  httpHost: string;
  httpPort: number;
  /** The server's base address nginx calls back (`http://127.0.0.1:8080`). */
  callbackUrl: string;
  /** Proves a callback comes from our nginx (`?token=`): derived from the app secret (modules/live/keys.ts). */
  callbackToken: string;
  /** Addresses allowed to pull (play) streams: the packagers' machines. */
  playAllow: readonly string[];
  /** Addresses allowed on the stat and control page besides the loopback (an ingest on its own machine: the servers'). */
  controlAllow?: readonly string[];
  /** The folder nginx keeps its pid and temporary files in (managed mode: `.data/ingest/`). */
  dir: string;
  modulePath?: string;
}

/**
 * The nginx configuration of the ingest. Why each part:
 * - one worker: the RTMP module keeps its streams per worker, so "already publishing" and the stat
 *   page only hold for all encoders when they share one;
 * - `on_publish` with `notify_method post`: the server answers 2xx (allowed), 4xx (refused), or a
 *   302 whose `Location` renames the stream to the event's internal name, so the secret key never
 *   reaches pull addresses, logs or the stat page;
 * - `on_publish_done`: the signal is lost (the server matches it by `clientid`: a refused second
 *   publisher also reports one);
 * - `idle_streams off`: a packager reading a stream is let go when its camera leaves, so each
 *   camera connection is one run of the packager;
 * - `drop_idle_publisher`: a camera whose network vanished without closing is let go after 10 s,
 *   so its reconnection is not refused as a second publisher for long;
 * - play only from `playAllow`: viewers never read the ingest, the packagers do.
 */
export function ingestConfig(options: IngestConfigOptions): string {
  const callback = (path: string) => `${options.callbackUrl.replace(/\/+$/, '')}/api/ingest/${path}?token=${encodeURIComponent(options.callbackToken)}`;
  const dir = options.dir;
  // The control page can cut any publisher: the loopback and the named addresses only.
  const controlRules = [...['127.0.0.1', ...(options.controlAllow ?? [])].map((address) => `    allow ${address};`), '    deny all;'].join('\n');
  const playRules = [...options.playAllow.map((address) => `      allow play ${address};`), '      deny play all;'].join('\n');
  return `# Written by the Grandstand server (src/core/ingest/nginx.ts). Edit its settings, not this file.
load_module ${options.modulePath ?? RTMP_MODULE_PATH};
daemon off;
master_process on;
worker_processes 1;
pid ${join(dir, 'nginx.pid')};
error_log stderr warn;
events { worker_connections 1024; }

rtmp {
  server {
    listen ${options.rtmpHost}:${options.rtmpPort};
    chunk_size 4096;
    ping 10s;
    ping_timeout 5s;
    drop_idle_publisher 10s;
    notify_method post;
    application ${INGEST_APP} {
      live on;
      record off;
      idle_streams off;
      allow publish all;
${playRules}
      on_publish ${callback('publish')};
      on_publish_done ${callback('publish-done')};
    }
  }
}

http {
  access_log off;
  client_body_temp_path ${join(dir, 'tmp')};
  proxy_temp_path ${join(dir, 'tmp')};
  fastcgi_temp_path ${join(dir, 'tmp')};
  uwsgi_temp_path ${join(dir, 'tmp')};
  scgi_temp_path ${join(dir, 'tmp')};
  server {
    listen ${options.httpHost}:${options.httpPort};
${controlRules}
    location /stat { rtmp_stat all; }
    location /control { rtmp_control all; }
    location / { return 404; }
  }
}
`;
}

export interface ManagedIngestOptions extends IngestConfigOptions {
  nginxPath?: string;
  log?: { info(message: string): void; warn(message: string): void };
}

/**
 * nginx as a child of the server (`INGEST=managed`): started with the app, restarted with a
 * backoff (1 s, doubling, at most 30 s) when it dies, stopped with the app, killed with its
 * workers when the server exits.
 */
export class ManagedIngest {
  readonly #options: ManagedIngestOptions;
  readonly #log: NonNullable<ManagedIngestOptions['log']>;
  #child: ChildProcess | null = null;
  #stopping = false;
  #restarts = 0;
  #timer: NodeJS.Timeout | null = null;
  readonly #onExit = () => {
    if (this.#child?.pid) killGroup(this.#child.pid, 'SIGKILL');
  };

  constructor(options: ManagedIngestOptions) {
    this.#options = options;
    this.#log = options.log ?? { info: () => {}, warn: () => {} };
  }

  get pid(): number | null {
    return this.#child?.pid ?? null;
  }

  get configFile(): string {
    return join(this.#options.dir, 'nginx.conf');
  }

  /** Writes the configuration, starts nginx and resolves once its control page answers. */
  async start(timeoutMs = 10_000): Promise<void> {
    const nginx = this.#options.nginxPath ?? DEFAULT_NGINX_PATH;
    if (!existsSync(nginx)) throw new Error(`the ingest needs nginx at ${nginx} (Debian: apt-get install nginx-light libnginx-mod-rtmp)`);
    if (!existsSync(this.#options.modulePath ?? RTMP_MODULE_PATH)) throw new Error('the ingest needs the RTMP module of nginx (Debian: apt-get install libnginx-mod-rtmp)');
    await mkdir(join(this.#options.dir, 'tmp'), { recursive: true });
    await this.#killStale();
    await writeFile(this.configFile, ingestConfig(this.#options));
    process.on('exit', this.#onExit);
    this.#spawn();
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (await this.#answers()) return;
      if (Date.now() > deadline || this.#child === null) throw new Error(`the ingest (nginx) did not start on ports ${this.#options.rtmpPort}/${this.#options.httpPort}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /**
   * An nginx left by a server that was killed hard holds the ports: end it, workers included (its
   * process group, named by the pid file; only when a member of that group is an nginx).
   */
  async #killStale(): Promise<void> {
    const pidFile = join(this.#options.dir, 'nginx.pid');
    if (!existsSync(pidFile)) return;
    const pgid = Number(readFileSync(pidFile, 'utf8').trim());
    if (!Number.isInteger(pgid) || pgid <= 1 || groupOf(pgid).length === 0) return;
    killGroup(pgid, 'SIGKILL');
    const deadline = Date.now() + 3000;
    while (groupOf(pgid).length > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  }

  async #answers(): Promise<boolean> {
    try {
      const response = await fetch(`http://${this.#options.httpHost === '0.0.0.0' ? '127.0.0.1' : this.#options.httpHost}:${this.#options.httpPort}/stat`, { signal: AbortSignal.timeout(1000) });
      await response.arrayBuffer();
      return response.ok;
    } catch {
      return false;
    }
  }

  #spawn(): void {
    const nginx = this.#options.nginxPath ?? DEFAULT_NGINX_PATH;
    // `-e stderr`: nginx would otherwise open Debian's /var/log/nginx/error.log before reading ours.
    // Its own process group: nginx's workers outlive a master that dies, and the group ends them all.
    const child = spawn(nginx, ['-e', 'stderr', '-p', this.#options.dir, '-c', this.configFile], { stdio: ['ignore', 'ignore', 'pipe'], detached: true });
    this.#child = child;
    let stderr = '';
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-4000);
    });
    let ended = false;
    const onEnded = (reason: string) => {
      if (ended) return;
      ended = true;
      if (this.#child === child) this.#child = null;
      // A master that died leaves its workers listening: the next one could not bind.
      if (child.pid) killGroup(child.pid, 'SIGKILL');
      if (this.#stopping) return;
      this.#restarts += 1;
      const delay = Math.min(30_000, 1000 * 2 ** Math.min(this.#restarts - 1, 5));
      this.#log.warn(`ingest (nginx) stopped (${reason}): ${stderr.trim() || 'no output'}; restarting in ${delay / 1000} s`);
      this.#timer = setTimeout(() => {
        this.#timer = null;
        if (!this.#stopping) this.#spawn();
      }, delay);
    };
    child.on('error', (error) => onEnded(`could not start: ${error.message}`));
    child.on('exit', (code, signal) => onEnded(String(signal ?? code)));
    if (child.pid) this.#log.info(`ingest (nginx) started (pid ${child.pid}): rtmp on ${this.#options.rtmpHost}:${this.#options.rtmpPort}`);
  }

  /** Stops nginx (quick shutdown: publishers are cut, as the server goes too). */
  async stop(): Promise<void> {
    this.#stopping = true;
    process.off('exit', this.#onExit);
    if (this.#timer) clearTimeout(this.#timer);
    const child = this.#child;
    this.#child = null;
    if (!child || child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
    const pgid = child.pid;
    await new Promise<void>((resolve) => {
      const force = setTimeout(() => killGroup(pgid, 'SIGKILL'), 3000);
      child.once('exit', () => {
        clearTimeout(force);
        resolve();
      });
      // nginx's fast shutdown: the master ends its workers, then itself.
      child.kill('SIGTERM');
    });
    killGroup(pgid, 'SIGKILL');
  }
}

/** Signals a process group; one already gone is no error. */
function killGroup(pgid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pgid, signal);
  } catch {
    // Already gone.
  }
}

/** The nginx processes of a process group, read from /proc. */
function groupOf(pgid: number): number[] {
  const members: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // Field 5 of stat is the process group; the command name (field 2) may hold spaces, so count from its closing parenthesis.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) === pgid && readFileSync(`/proc/${entry}/cmdline`, 'utf8').startsWith('nginx')) members.push(Number(entry));
    } catch {
      // Gone meanwhile, or not ours to read.
    }
  }
  return members;
}
