import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { connect } from 'node:net';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { killGroup } from './processes.ts';

/** The binary of Debian's `haproxy` package. */
export const DEFAULT_HAPROXY_PATH = '/usr/sbin/haproxy';

export interface BalancedServer {
  /** A short name (`[a-z0-9_-]`): HAProxy's logs and the served-by header name it. */
  name: string;
  host: string;
  port: number;
}

export interface BalancerOptions {
  /** Names the frontend and backend (`[a-z0-9_-]`). */
  name: string;
  /** Where the balancer listens. */
  bind: { host: string; port: number };
  servers: readonly BalancedServer[];
  /** The route each server answers 200 on while it may take requests (`/health`; the analytics service's `/healthz`). */
  healthPath: string;
  /** The `Host` the health check sends (a server that routes by host needs one it knows). Default `localhost`. */
  healthHost?: string;
  /** Between two checks of a server (default 2000 ms). */
  checkIntervalMs?: number;
  /** Failed checks before a server is taken out (default 2). */
  fall?: number;
  /** Passed checks before it is put back (default 2). */
  rise?: number;
  /**
   * Idle and waiting limits (defaults: connect 2 s, client and server 60 s, a request's headers
   * 10 s, a health check's answer 3 s: a busy server is slow, not dead).
   */
  timeouts?: { connectMs?: number; clientMs?: number; serverMs?: number; httpRequestMs?: number; checkMs?: number };
  /**
   * A response header naming the server that answered (`X-Served-By`). Off by default: it tells a
   * client the layout behind the balancer. Tests and diagnostics turn it on.
   */
  servedByHeader?: string;
  /** HAProxy's runtime socket (a unix socket, mode 600, `level admin`: it reads the servers' states and takes one out or puts it back). */
  statsSocket?: string;
}

const NAME = /^[a-z0-9_-]+$/;

/**
 * HAProxy's configuration for stateless instances (architecture: stateless instances):
 * - round robin on every request, no stickiness (no cookie, no stick table): any instance answers
 *   any request, as sessions, limits, jobs and live state live in the database;
 * - an HTTP health check on each server (`healthPath`): a server failing `fall` checks in a row
 *   is taken out, one passing `rise` is put back;
 * - a request whose connection to a server failed is sent to another one (`retries` with
 *   `redispatch`): a server that died between two checks costs no request. A request a server
 *   took and never answered (it died mid-answer) is tried again elsewhere only when it is a GET or
 *   HEAD: repeating a POST could do its work twice;
 * - `X-Forwarded-For` added (`option forwardfor`): the servers see the client's address when
 *   they trust the balancer (`TRUST_PROXY`), for rate limits per client;
 * - TLS is not here: it stays the front proxy's job, or add a `crt` to the bind line.
 */
export function haproxyConfig(options: BalancerOptions): string {
  for (const name of [options.name, ...options.servers.map((server) => server.name)]) {
    if (!NAME.test(name)) throw new Error(`balancer name "${name}": only a-z, 0-9, _ and - are allowed`);
  }
  if (options.servers.length === 0) throw new Error('the balancer needs at least one server');
  if (!options.healthPath.startsWith('/') || /\s/.test(options.healthPath)) throw new Error(`healthPath "${options.healthPath}" must be a path without spaces`);
  const healthHost = options.healthHost ?? 'localhost';
  if (!/^[a-zA-Z0-9.:[\]-]+$/.test(healthHost)) throw new Error(`healthHost "${healthHost}" is not a host name`);
  const t = { connectMs: 2000, clientMs: 60_000, serverMs: 60_000, httpRequestMs: 10_000, checkMs: 3000, ...options.timeouts };
  const inter = options.checkIntervalMs ?? 2000;
  const servedBy = options.servedByHeader ? [`  http-response set-header ${options.servedByHeader} %[srv_name]`] : [];
  return [
    '# Written by the Grandstand cluster tools (apps/server/cluster/haproxy.ts). Edit its options, not this file.',
    'global',
    '  log stderr format raw local0 warning',
    '  maxconn 4096',
    ...(options.statsSocket ? [`  stats socket ${options.statsSocket} mode 600 level admin`] : []),
    '',
    'defaults',
    '  mode http',
    '  log global',
    '  option dontlognull',
    `  timeout connect ${t.connectMs}ms`,
    `  timeout client ${t.clientMs}ms`,
    `  timeout server ${t.serverMs}ms`,
    `  timeout http-request ${t.httpRequestMs}ms`,
    `  timeout check ${t.checkMs}ms`,
    '  retries 3',
    '  option redispatch 1',
    '  retry-on conn-failure empty-response response-timeout',
    '',
    `frontend ${options.name}_in`,
    `  bind ${options.bind.host}:${options.bind.port}`,
    '  option forwardfor',
    `  default_backend ${options.name}_servers`,
    '',
    `backend ${options.name}_servers`,
    '  balance roundrobin',
    '  # A request a server may have acted on is not repeated elsewhere: only connection failures are retried for it.',
    '  http-request disable-l7-retry if !METH_GET !METH_HEAD',
    '  option httpchk',
    `  http-check send meth GET uri ${options.healthPath} ver HTTP/1.1 hdr Host ${healthHost}`,
    '  http-check expect status 200',
    `  default-server inter ${inter}ms fastinter ${Math.max(100, Math.floor(inter / 2))}ms downinter ${inter}ms fall ${options.fall ?? 2} rise ${options.rise ?? 2}`,
    ...servedBy,
    ...options.servers.map((server) => `  server ${server.name} ${server.host}:${server.port} check`),
    '',
  ].join('\n');
}

export interface RunningBalancer {
  /** `http://host:port` of the frontend. */
  readonly url: string;
  readonly pid: number | undefined;
  readonly configFile: string;
  /** Each server's state as the health checks see it (`UP`, `DOWN`, `MAINT`, or a transition such as `UP 1/2`). */
  servers(): Promise<Record<string, string>>;
  /**
   * Takes a server out of the rotation (`maint`: no request reaches it) or puts it back (`ready`),
   * as an operator does for a deploy; its health checks decide again once it is back.
   */
  setServer(name: string, state: 'ready' | 'maint'): Promise<void>;
  /** Stops HAProxy and anything left in its process group. */
  stop(): Promise<void>;
}

/**
 * Writes the configuration into `dir` and runs HAProxy in the foreground (`-db`) in a process
 * group of its own, so stopping it leaves nothing behind. Resolves once the configuration was
 * accepted and every server passed its first health checks (a server starts down in HAProxy until
 * it has passed `rise` of them).
 */
export async function startHaproxy(
  options: BalancerOptions & {
    dir: string;
    haproxyPath?: string;
    timeoutMs?: number;
    /** The servers to wait for (default: all of them). */
    waitFor?: readonly string[];
  },
): Promise<RunningBalancer> {
  const binary = options.haproxyPath ?? DEFAULT_HAPROXY_PATH;
  if (!existsSync(binary)) throw new Error(`the balancer needs HAProxy at ${binary} (Debian: apt-get install haproxy)`);
  await mkdir(options.dir, { recursive: true });
  const configFile = join(options.dir, `${options.name}.haproxy.cfg`);
  const statsSocket = join(options.dir, `${options.name}.haproxy.sock`);
  await writeFile(configFile, haproxyConfig({ ...options, statsSocket }));
  const check = spawn(binary, ['-c', '-q', '-f', configFile], { stdio: ['ignore', 'ignore', 'pipe'] });
  const checked = await ended(check);
  if (checked.code !== 0) throw new Error(`HAProxy refused ${configFile}: ${checked.stderr.trim()}`);

  const child = spawn(binary, ['-db', '-f', configFile], { stdio: ['ignore', 'ignore', 'pipe'], detached: true });
  const exited = ended(child);
  const host = options.bind.host === '0.0.0.0' ? '127.0.0.1' : options.bind.host;
  const url = `http://${host}:${options.bind.port}`;
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  let running = true;
  void exited.then(() => (running = false));
  const servers = () => serverStates(statsSocket, `${options.name}_servers`);
  for (;;) {
    if (!running) throw new Error(`HAProxy stopped at start: ${(await exited).stderr.trim()}`);
    const states = await servers().catch(() => ({}) as Record<string, string>);
    if ((options.waitFor ?? options.servers.map((server) => server.name)).every((name) => states[name] === 'UP')) break;
    if (Date.now() > deadline) {
      if (child.pid) killGroup(child.pid, 'SIGKILL');
      throw new Error(`HAProxy's servers did not all come up on ${url}: ${JSON.stringify(states)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    pid: child.pid,
    configFile,
    servers,
    async setServer(name, state) {
      if (!options.servers.some((server) => server.name === name)) throw new Error(`no server ${name} behind ${options.name}`);
      const answer = await runtime(statsSocket, `set server ${options.name}_servers/${name} state ${state}`);
      if (answer.trim() !== '') throw new Error(`HAProxy refused to set ${name} ${state}: ${answer.trim()}`);
    },
    async stop() {
      if (child.pid === undefined) return;
      const pgid = child.pid;
      if (running) {
        const force = setTimeout(() => killGroup(pgid, 'SIGKILL'), 3000);
        killGroup(pgid, 'SIGTERM');
        await exited;
        clearTimeout(force);
      }
      killGroup(pgid, 'SIGKILL');
    },
  };
}

/** One command on HAProxy's runtime socket; its answer. */
function runtime(socket: string, command: string): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    let text = '';
    const connection = connect(socket, () => connection.end(`${command}\n`));
    connection.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
    connection.once('error', reject);
    connection.once('close', () => resolve(text));
  });
}

/** The `status` column of `show stat` for the servers of one backend, by server name. */
async function serverStates(socket: string, backend: string): Promise<Record<string, string>> {
  const csv = await runtime(socket, 'show stat');
  const [header, ...rows] = csv.trim().split('\n');
  const columns = (header ?? '').replace(/^# /, '').split(',');
  const [proxy, server, status] = ['pxname', 'svname', 'status'].map((name) => columns.indexOf(name));
  const states: Record<string, string> = {};
  for (const row of rows) {
    const cells = row.split(',');
    if (cells[proxy!] === backend && cells[server!] !== 'BACKEND') states[cells[server!]!] = cells[status!]!;
  }
  return states;
}

function ended(child: ChildProcess): Promise<{ code: number | null; stderr: string }> {
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  return new Promise((resolve) => {
    child.once('error', (error) => resolve({ code: null, stderr: `${stderr}${error.message}` }));
    child.once('close', (code) => resolve({ code, stderr }));
  });
}
