import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../test/support/ports.ts';
import { ingestControl, parseStat } from './control.ts';
import { DEFAULT_NGINX_PATH, ingestConfig, ManagedIngest } from './nginx.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'grandstand-ingest-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function options(name: string) {
  return { rtmpHost: '127.0.0.1', rtmpPort: await freePort(), httpHost: '127.0.0.1', httpPort: await freePort(), callbackUrl: 'http://127.0.0.1:9/', callbackToken: 'tok+/=', playAllow: ['127.0.0.1', '10.0.0.0/8'], dir: join(dir, name) };
}

describe('the ingest configuration', () => {
  it('calls the server back with its token, lets only the packagers play, and keeps the control page on the loopback', async () => {
    const config = ingestConfig(await options('config'));
    expect(config).toContain('on_publish http://127.0.0.1:9/api/ingest/publish?token=tok%2B%2F%3D;');
    expect(config).toContain('on_publish_done http://127.0.0.1:9/api/ingest/publish-done?token=tok%2B%2F%3D;');
    expect(config).toMatch(/allow play 127\.0\.0\.1;\s+allow play 10\.0\.0\.0\/8;\s+deny play all;/);
    expect(config).toMatch(/listen 127\.0\.0\.1:\d+;\s+allow 127\.0\.0\.1;\s+deny all;\s+location \/stat/);
    // On its own machine: the servers' addresses too, nobody else.
    expect(ingestConfig({ ...(await options('external')), httpHost: '0.0.0.0', controlAllow: ['10.0.0.5'] })).toMatch(/listen 0\.0\.0\.0:\d+;\s+allow 127\.0\.0\.1;\s+allow 10\.0\.0\.5;\s+deny all;/);
    expect(config).toContain('worker_processes 1;');
  });
});

describe('the stat page', () => {
  it('reads each stream\'s publisher and picture from the RTMP module\'s XML', () => {
    const xml = `<?xml version="1.0"?><rtmp><server><application><name>live</name><live>
      <stream><name>c1e2</name><time>5000</time><bw_in>812000</bw_in>
        <client><id>7</id><address>192.0.2.1</address><publishing/><active/></client>
        <client><id>9</id><address>127.0.0.1</address><active/></client>
        <meta><video><width>1280</width><height>720</height><frame_rate>30</frame_rate><codec>H264</codec></video><audio><codec>AAC</codec></audio></meta>
        <nclients>2</nclients><publishing/><active/></stream>
      <stream><name>c1e3</name><bw_in>0</bw_in><meta/></stream>
      </live></application><application><name>other</name><live><stream><name>x</name></stream></live></application></server></rtmp>`;
    expect(parseStat(xml)).toEqual([
      { name: 'c1e2', publisherId: '7', publisherAddress: '192.0.2.1', bitrateKbps: 812, width: 1280, height: 720, frameRate: 30, videoCodec: 'H264', audioCodec: 'AAC', clients: 1 },
      { name: 'c1e3', publisherId: null, publisherAddress: null, bitrateKbps: 0, width: null, height: null, frameRate: null, videoCodec: null, audioCodec: null, clients: 0 },
    ]);
  });
});

describe('a managed ingest', () => {
  it('starts nginx, restarts it with its workers when its master dies, and stops it', async () => {
    const settings = await options('managed');
    const ingest = new ManagedIngest(settings);
    await ingest.start();
    const control = ingestControl(`http://127.0.0.1:${settings.httpPort}`);
    const up = () => control.streams().then(() => true, () => false);
    expect(await control.streams()).toEqual([]);

    // The master killed from outside: its worker goes with it (the port is free), and the backoff's first second brings nginx back.
    const killed = ingest.pid!;
    process.kill(killed, 'SIGKILL');
    await expect.poll(up, { timeout: 5000, interval: 50 }).toBe(false);
    await expect.poll(up, { timeout: 10_000, interval: 200 }).toBe(true);
    expect(ingest.pid).not.toBe(killed);

    await ingest.stop();
    expect(await up()).toBe(false);
  }, 30_000);

  it('ends the nginx a server killed hard left on its ports before starting its own', async () => {
    const settings = await options('stale');
    await mkdir(join(settings.dir, 'tmp'), { recursive: true });
    const conf = join(settings.dir, 'nginx.conf');
    await writeFile(conf, ingestConfig(settings));
    const left = spawn(DEFAULT_NGINX_PATH, ['-e', 'stderr', '-p', settings.dir, '-c', conf], { stdio: 'ignore', detached: true });
    const control = ingestControl(`http://127.0.0.1:${settings.httpPort}`);
    await expect.poll(() => control.streams().then(() => true, () => false), { timeout: 10_000, interval: 100 }).toBe(true);

    const ingest = new ManagedIngest(settings);
    await ingest.start();
    expect(left.exitCode !== null || left.signalCode !== null).toBe(true);
    expect(await control.streams()).toEqual([]);
    await ingest.stop();
  }, 30_000);
});
