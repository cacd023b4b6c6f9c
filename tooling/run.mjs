#!/usr/bin/env node
// `npm start` and `npm test` on a fresh machine: bring the pinned toolchain, the Debian packages the
// tests and demo need, install, then hand over to pnpm and turbo. Plain JavaScript: it runs under
// the machine's Node 20 before anything is installed.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { demoHost } from './demo-host.mjs';
import { log, root, toolchainEnv } from './toolchain.mjs';

const command = process.argv[2];
if (command !== 'start' && command !== 'test') {
  process.stderr.write('usage: node tooling/run.mjs start|test\n');
  process.exit(2);
}

/** The Debian packages each command needs and how to tell they are present. */
const systemNeeds = {
  // The benches' browser (`pnpm bench`), and the tests' where the headless shell is missing.
  chromium: () => existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'),
  // The tests' browser: the same build without the full browser's window (vitest-config/chromium.ts).
  'chromium-headless-shell': () => existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell'),
  ffmpeg: () => ['/usr/bin/ffmpeg', '/usr/local/bin/ffmpeg'].some((path) => existsSync(path)),
  // The demo cameras draw their clock and the event's name with this font.
  'fonts-dejavu-core': () => existsSync('/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf'),
  // The ingest cameras and encoders publish to: nginx with Debian's RTMP module.
  'nginx-light': () => existsSync('/usr/sbin/nginx'),
  'libnginx-mod-rtmp': () => existsSync('/usr/lib/nginx/modules/ngx_rtmp_module.so'),
  // The balancer in front of several server instances (the cluster's end-to-end test).
  haproxy: () => existsSync('/usr/sbin/haproxy'),
  postgresql: () => {
    const base = '/usr/lib/postgresql';
    return existsSync(base) && readdirSync(base).some((v) => existsSync(join(base, v, 'bin', 'initdb')));
  },
};
const needsByCommand = {
  start: ['ffmpeg', 'fonts-dejavu-core', 'nginx-light', 'libnginx-mod-rtmp'],
  test: ['chromium', 'chromium-headless-shell', 'postgresql', 'ffmpeg', 'fonts-dejavu-core', 'nginx-light', 'libnginx-mod-rtmp', 'haproxy'],
};

function run(cmd, args, env, options = {}) {
  const result = spawnSync(cmd, args, { cwd: root, env, stdio: 'inherit', ...options });
  if (result.status !== 0) {
    process.stderr.write(`[grandstand] failed: ${cmd} ${args.join(' ')}\n`);
    process.exit(result.status ?? 1);
  }
}

function ensureSystemPackages(names) {
  const missing = names.filter((name) => !systemNeeds[name]());
  if (missing.length === 0) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const isDebian = existsSync('/etc/debian_version');
  if (!isRoot || !isDebian) {
    process.stderr.write(
      `[grandstand] missing system packages: ${missing.join(', ')}. Install them (Debian: apt-get install -y ${missing.join(' ')}) and run again.\n`,
    );
    process.exit(1);
  }
  log(`installing system packages: ${missing.join(', ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  run('apt-get', ['update', '-qq'], env);
  run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], env);
}

/**
 * Runs long-lived processes side by side until one of them ends or the demo is stopped (Ctrl-C):
 * then the others are stopped too, and this exits with the first one's status.
 */
function serveTogether(commands) {
  const children = commands.map(([cmd, args, childEnv]) => spawn(cmd, args, { cwd: root, env: childEnv, stdio: 'inherit' }));
  let ending = false;
  const stopAll = (signal) => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  };
  for (const child of children) {
    child.on('exit', (code, signal) => {
      if (!ending) {
        ending = true;
        process.exitCode = code ?? (signal ? 1 : 0);
        stopAll('SIGTERM');
      }
    });
  }
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      ending = true;
      stopAll(signal);
    });
  }
}

ensureSystemPackages(needsByCommand[command]);
const env = toolchainEnv({ TURBO_TELEMETRY_DISABLED: '1', DO_NOT_TRACK: '1' });
run('pnpm', ['install', '--frozen-lockfile', '--reporter=append-only'], env);

if (command === 'start') {
  run('pnpm', ['turbo', 'run', 'build', '--filter=@grandstand/web', '--filter=@grandstand/console-app', '--filter=@grandstand/analytics-service', '--output-logs=errors-only'], env);
  log('preparing the demo database and media');
  run('node', ['apps/server/src/cli.ts', 'seed'], env);
  // Packages the demo recordings with ffmpeg once; later starts keep what is there.
  run('node', ['apps/server/src/cli.ts', 'prepare-media'], env);
  const port = process.env.PORT ?? '8080';
  const analyticsPort = process.env.ANALYTICS_PORT ?? '8090';
  // The analytics service runs beside the channel server, on its own origin as in production. The
  // sites send to it from the viewer's browser (ANALYTICS_PUBLIC_URL); the channel server asks it to
  // forget a deleted viewer (ANALYTICS_URL) with a token both share, made up for this start.
  const analyticsUrl = `http://127.0.0.1:${analyticsPort}`;
  const shared = {
    ANALYTICS_PORT: analyticsPort,
    ANALYTICS_ADMIN_TOKEN: process.env.ANALYTICS_ADMIN_TOKEN ?? randomBytes(24).toString('hex'),
  };
  // The demo reads its mail at /outbox on each site (a demo aid that shows every mailed link to
  // anyone, so the server serves it only when asked); with an SMTP server the mail is sent instead.
  const mail = process.env.SMTP_URL || process.env.MAIL_DISABLED === 'true' ? {} : { MAIL_OUTBOX: process.env.MAIL_OUTBOX ?? 'on' };
  // Loopback only unless HOST says otherwise: the demo's outbox shows every mailed link.
  const host = demoHost(process.env);
  const serverEnv = {
    ...env,
    ...shared,
    ...mail,
    HOST: host,
    ANALYTICS_URL: process.env.ANALYTICS_URL ?? analyticsUrl,
    ANALYTICS_PUBLIC_URL: process.env.ANALYTICS_PUBLIC_URL ?? analyticsUrl,
    // The server runs the ingest (nginx, RTMP on 1935) and the demo's cameras publish to it from the start.
    INGEST: process.env.INGEST ?? 'managed',
    DEMO_CAMERAS: process.env.DEMO_CAMERAS ?? 'eager',
  };
  log(`serving http://localhost:${port} (and http://<channel>.localhost:${port}), listening on ${host === 'localhost' ? 'this machine only (HOST to change)' : host}`);
  log(`the control room at http://localhost:${port}/console (demo operators: channels/README.md)`);
  log(`cameras and encoders publish to rtmp://localhost:${process.env.INGEST_RTMP_PORT ?? '1935'}/live/<stream key> (an event's live screen shows its key)`);
  log(`analytics at ${analyticsUrl}, its reports at ${analyticsUrl}/reports/ (the control room's owners and analysts: channels/README.md)`);
  serveTogether([
    // The reports sign in the control room's operators (owners and analysts) by asking the channel server.
    ['node', ['apps/analytics/src/cli.ts', 'serve'], { ...env, ...shared, ANALYTICS_OPERATORS_URL: process.env.ANALYTICS_OPERATORS_URL ?? `http://localhost:${port}` }],
    ['node', ['apps/server/src/cli.ts', 'serve'], serverEnv],
  ]);
} else {
  // Two cores: two tasks at a time keeps vitest's own workers from starving each other.
  run('pnpm', ['turbo', 'run', 'typecheck', 'lint', 'test', 'build', '--concurrency=2', '--output-logs=new-only'], env);
  // One suite at a time: the site's and the release's servers prepare the same media folder
  // (.data/e2e-media), and the stories' and the release's suites failed on each other's load when
  // run side by side (a static Storybook's sidebar not drawn in 5 s while the release packed).
  run('pnpm', ['turbo', 'run', 'e2e', '--concurrency=1', '--output-logs=new-only'], env);
}
