import { spawn } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { freePort } from './ports.ts';

/**
 * nginx with Debian's RTMP module on a free loopback port, without the server's callbacks: any
 * stream name publishes (the packager's tests and the live bench feed it ffmpeg cameras). Set as
 * the ingest sets it where the packager is concerned: a reader is let go when its camera leaves,
 * and refused before a camera publishes (`idle_streams off`).
 */
export async function startPlainIngest(root: string, options: { connections?: number } = {}): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await freePort();
  await mkdir(join(root, 'logs'), { recursive: true });
  const conf = [
    'load_module /usr/lib/nginx/modules/ngx_rtmp_module.so;',
    'worker_processes 1;',
    'error_log stderr error;',
    `pid ${join(root, 'nginx.pid')};`,
    `events { worker_connections ${options.connections ?? 256}; }`,
    `rtmp { server { listen 127.0.0.1:${port}; chunk_size 4096; application live { live on; idle_streams off; record off; } } }`,
  ].join('\n');
  await writeFile(join(root, 'nginx.conf'), conf);
  const nginx = spawn('/usr/sbin/nginx', ['-p', root, '-c', join(root, 'nginx.conf'), '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'inherit'] });
  const hex = port.toString(16).toUpperCase().padStart(4, '0');
  const deadline = Date.now() + 10_000;
  // Listening (read from /proc, without taking a connection).
  for (;;) {
    if (nginx.exitCode !== null) throw new Error('nginx with the RTMP module did not start (Debian packages nginx-light and libnginx-mod-rtmp)');
    const table = await readFile('/proc/net/tcp', 'utf8');
    if (table.split('\n').some((line) => line.trim().split(/\s+/)[1]?.endsWith(`:${hex}`) && line.trim().split(/\s+/)[3] === '0A')) break;
    if (Date.now() > deadline) throw new Error(`nginx did not listen on ${port}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url: `rtmp://127.0.0.1:${port}/live`,
    stop: () =>
      new Promise<void>((resolve) => {
        if (nginx.exitCode !== null) return resolve();
        nginx.once('exit', () => resolve());
        nginx.kill('SIGTERM');
      }),
  };
}
