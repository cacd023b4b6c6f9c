import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { KEY_INVALID_STATUS, SessionResponse } from '@grandstand/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadChannelFolders, type LoadedChannel } from '../src/core/channels/loadChannels.ts';
import { upsertChannels } from '../src/modules/channels/seed.ts';
import { repoRoot } from '../src/core/paths.ts';
import { TOO_MANY_ATTEMPTS_MESSAGE } from '../src/core/rateLimit/plugin.ts';
import { engine, FIXTURE_CHANNELS_DIR, openTestDatabase, type TestDatabase } from './helper.ts';

/**
 * Several instances on one database (architecture: stateless instances): what one instance
 * decides about a key or a client's attempts holds on the others. On PostgreSQL the instances are
 * two separate `serve` processes; PGlite is one process by design, so there they are two apps on
 * the one embedded database.
 */

interface Instance {
  url: string;
  stop(): Promise<void>;
}

/** `node src/cli.ts serve` on the test database, on a port of its own choosing. */
async function serveProcess(databaseUrl: string, dataDir: string): Promise<Instance> {
  const child: ChildProcess = spawn(process.execPath, ['src/cli.ts', 'serve'], {
    cwd: join(repoRoot, 'apps', 'server'),
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DATABASE_URL: databaseUrl,
      PORT: '0',
      HOST: '127.0.0.1',
      CHANNELS_DIR: FIXTURE_CHANNELS_DIR,
      SITES_DIR: join(dataDir, 'no-sites'),
      PGLITE_DATA_DIR: join(dataDir, 'pglite'),
      MEDIA_DIR: join(dataDir, 'media'),
      INGEST: 'off',
      DEMO_CAMERAS: 'off',
      // Every instance needs the same secrets.
      APP_SECRET: 'scale-out-test-app-secret-0123456789abcdef',
      MEDIA_SECRET: 'scale-out-test-media-secret-0123456789abcdef',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve did not start:\n${output}`)), 45_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+?);/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`serve exited with ${code}:\n${output}`));
    });
  });
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** A second app on the same embedded database, listening like `serve` does. */
async function appOnDatabase(database: TestDatabase, channels: LoadedChannel[]): Promise<Instance> {
  const app: FastifyInstance = await buildApp({ db: database.db, channels, logger: false, sitesDir: '/nonexistent-sites' });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { url, stop: () => app.close() };
}

describe(`two instances on one ${engine === 'postgres' ? 'PostgreSQL' : 'PGlite'} database`, () => {
  let database: TestDatabase;
  let dataDir: string;
  let a: Instance;
  let b: Instance;
  let channelKey: string;

  beforeAll(async () => {
    database = await openTestDatabase();
    dataDir = await mkdtemp(join(tmpdir(), 'grandstand-scaleout-'));
    const channels = await upsertChannels(database.db, await loadChannelFolders(FIXTURE_CHANNELS_DIR));
    channelKey = channels.find((channel) => channel.config.slug === 'alpha')!.config.channelKey;
    const start = (name: string) => (engine === 'postgres' ? serveProcess(database.connectionString!, join(dataDir, name)) : appOnDatabase(database, channels));
    const started = await Promise.allSettled([start('a'), start('b')]);
    // One that started is stopped by afterAll even when the other failed.
    [a, b] = started.map((result) => (result.status === 'fulfilled' ? result.value : undefined!)) as [Instance, Instance];
    for (const result of started) if (result.status === 'rejected') throw result.reason;
  }, 120_000);
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const post = (instance: Instance, path: string, body: Record<string, unknown>) =>
    fetch(`${instance.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const visitorKey = async (instance: Instance) => ((await (await post(instance, '/api/get_api_key', { channel_key: channelKey })).json()) as { data: { api_key: string } }).data.api_key;

  it('a logout on one instance is refused on the other within a second', async () => {
    const email = `scale-${randomBytes(4).toString('hex')}@example.com`;
    const password = 'harbour-lights-42';
    const registered = await post(a, '/api/v2/auth/register', {
      api_key: await visitorKey(a),
      email,
      password,
      password_confirmation: password,
      first_name: 'S',
      last_name: 'O',
      terms: true,
    });
    expect(registered.status).toBe(200);
    const session = SessionResponse.parse(await registered.json()).data.api_key;
    // B knows the session (and keeps it in its key cache) before it ends.
    for (const instance of [a, b]) expect((await fetch(`${instance.url}/api/profile?api_key=${session}`)).status).toBe(200);

    expect((await post(a, '/api/auth/logout', { api_key: session })).status).toBe(200);
    const ended = Date.now();
    let status = 200;
    while (Date.now() - ended < 1000) {
      status = (await fetch(`${b.url}/api/profile?api_key=${session}`)).status;
      if (status === KEY_INVALID_STATUS) break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(status).toBe(KEY_INVALID_STATUS);
    expect(Date.now() - ended).toBeLessThan(1000);
    expect((await fetch(`${a.url}/api/profile?api_key=${session}`)).status).toBe(KEY_INVALID_STATUS);
  });

  it('a rate limit counts the attempts made on both instances', async () => {
    const key = await visitorKey(a);
    const statuses: number[] = [];
    // The login limit is 10 a minute per client and channel (src/core/rateLimit/plugin.ts).
    for (let attempt = 0; attempt < 12; attempt += 1) {
      const response = await post(attempt % 2 === 0 ? a : b, '/api/v2/auth/login', { api_key: key, email: 'nobody@example.com', password: 'guess-guess' });
      statuses.push(response.status);
      if (response.status === 429) expect(await response.json()).toMatchObject({ message: TOO_MANY_ATTEMPTS_MESSAGE });
    }
    expect(statuses.slice(0, 10)).not.toContain(429);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });
});
