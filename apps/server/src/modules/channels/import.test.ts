import { spawn } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, engine, FIXTURE_CHANNELS_DIR, type TestApp } from '../../../test/helper.ts';
import { loadChannelFolder } from '../../core/channels/loadChannels.ts';
import { repoRoot } from '../../core/paths.ts';
import { ChannelImportError, importChannel, importChannels } from './import.ts';
import { importToken, INTERNAL_IMPORT_PATH } from './internalImport.ts';

/**
 * Channels as data: a channel folder is an import source (architecture: channels are data). An
 * import writes the row, its config and its pictures; the running server serves the channel
 * within moments, with no restart, whether the folder was written into the database by another
 * process (the notice) or handed to the server by `channels import` (PGlite, one process).
 */

const SECRET = 'channels-import-test-secret-0123456789';
let t: TestApp;
let scratch: string;

/** A channel folder made from the bravo fixture under a new slug, key and name. */
async function channelFolder(slug: string, changes: Record<string, unknown> = {}): Promise<string> {
  const dir = join(scratch, slug);
  await cp(join(FIXTURE_CHANNELS_DIR, 'bravo'), dir, { recursive: true });
  const config = JSON.parse(await readFile(join(dir, 'channel.json'), 'utf8')) as Record<string, unknown>;
  await writeFile(join(dir, 'channel.json'), JSON.stringify({ ...config, slug, name: `Channel ${slug}`, channelKey: `${slug}-channel-key-0123456789`, ...changes }));
  return dir;
}

async function until<T>(read: () => T | undefined, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error('not within the time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'channels-import-'));
  t = await buildTestApp({ mail: { secret: SECRET } });
});

afterAll(async () => {
  await t?.close();
  await rm(scratch, { recursive: true, force: true });
});

describe('importing a channel folder', () => {
  it('refuses a broken folder naming the file and the field', async () => {
    const dir = await channelFolder('broken', { fallbackColors: { ...JSON.parse(await readFile(join(FIXTURE_CHANNELS_DIR, 'bravo', 'channel.json'), 'utf8')).fallbackColors, 'primary-color': 'blue' } });
    expect(() => loadChannelFolder(dir)).toThrowError(new RegExp(`${join(dir, 'channel.json')}[\\s\\S]*fallbackColors\\.primary-color`));
    const misnamed = await channelFolder('misnamed', { slug: 'other-slug' });
    expect(() => loadChannelFolder(misnamed)).toThrowError(/slug: must equal the folder name "misnamed"/);
    const noLogo = await channelFolder('no-logo', { logo: 'missing.svg' });
    expect(() => loadChannelFolder(noLogo)).toThrowError(/channel\.json: logo: no file missing\.svg/);
    expect(() => loadChannelFolder(join(scratch, 'nowhere'))).toThrowError(/no channel\.json/);
  });

  it('refuses another channel’s key and a second default, naming the field, and writes nothing', async () => {
    const stolen = loadChannelFolder(await channelFolder('stolen-key', { channelKey: 'bravo-channel-key-0002' }));
    await expect(importChannel(t.database.db, stolen)).rejects.toThrowError(/channelKey: is the key of channel bravo/);
    const second = loadChannelFolder(await channelFolder('second-default', { default: true }));
    await expect(importChannel(t.database.db, second)).rejects.toBeInstanceOf(ChannelImportError);
    await expect(importChannel(t.database.db, second)).rejects.toThrowError(/default: channel alpha is the default channel already/);
    const rows = await t.database.db.selectFrom('channels').select('slug').where('slug', 'in', ['stolen-key', 'second-default']).execute();
    expect(rows).toEqual([]);
  });

  it('is served by the running app within moments of an import by another hand (the notice), logo from the database', async () => {
    const dir = await channelFolder('echo');
    const { channel, outcome } = await importChannel(t.database.db, loadChannelFolder(dir));
    expect(outcome).toBe('created');
    const served = await until(() => t.app.channels.byHostname('echo.localhost') ?? undefined);
    expect(served).toMatchObject({ id: channel.id, status: 'active', config: { name: 'Channel echo', language: 'fr' } });
    // The folder is no longer needed: the logo is a row.
    await rm(dir, { recursive: true, force: true });
    const logo = await t.app.inject({ url: '/channel-logo.svg', headers: { host: 'echo.localhost' } });
    expect(logo.statusCode).toBe(200);
    expect(logo.rawPayload.equals(await readFile(join(FIXTURE_CHANNELS_DIR, 'bravo', 'logo.svg')))).toBe(true);
    const key = await t.app.inject({ method: 'POST', url: '/api/get_api_key', payload: { channel_key: 'echo-channel-key-0123456789' } });
    expect(key.statusCode).toBe(200);
  });

  it('is idempotent by slug: an unchanged folder leaves the row (and an owner’s edits) alone, a changed one updates it in place', async () => {
    const dir = await channelFolder('foxtrot');
    const first = await importChannels(t.database.db, [loadChannelFolder(dir)]);
    const id = first[0]!.id;
    // An owner renames it in the control room.
    await t.database.db.updateTable('channels').set({ name: 'Renamed by its owner' }).where('id', '=', id).execute();
    const again = await importChannel(t.database.db, loadChannelFolder(dir));
    expect(again).toMatchObject({ outcome: 'unchanged', channel: { id } });
    expect((await t.database.db.selectFrom('channels').select('name').where('id', '=', id).executeTakeFirstOrThrow()).name).toBe('Renamed by its owner');
    // The folder changed: it wins, same id (api keys keep working).
    const config = JSON.parse(await readFile(join(dir, 'channel.json'), 'utf8'));
    await writeFile(join(dir, 'channel.json'), JSON.stringify({ ...config, name: 'Foxtrot Network' }));
    const updated = await importChannel(t.database.db, loadChannelFolder(dir));
    expect(updated).toMatchObject({ outcome: 'updated', channel: { id, config: { name: 'Foxtrot Network' } } });
    // `channels import` writes even an unchanged folder.
    expect((await importChannel(t.database.db, loadChannelFolder(dir), { force: true })).outcome).toBe('updated');
    expect(await t.database.db.selectFrom('channels').select('id').where('slug', '=', 'foxtrot').execute()).toHaveLength(1);
    await until(() => (t.app.channels.bySlug('foxtrot')?.config.name === 'Foxtrot Network' ? true : undefined));
  });
});

describe('the running server’s side of `channels import`', () => {
  const post = (options: { token?: string; folder?: unknown; remoteAddress?: string }) =>
    t.app.inject({
      method: 'POST',
      url: INTERNAL_IMPORT_PATH,
      remoteAddress: options.remoteAddress ?? '127.0.0.1',
      headers: options.token === undefined ? {} : { authorization: `Bearer ${options.token}` },
      payload: { folder: options.folder ?? join(scratch, 'golf') },
    });

  it('refuses another machine, a missing or wrong token, and a bad folder (named)', async () => {
    await channelFolder('golf');
    expect((await post({ token: importToken(SECRET), remoteAddress: '10.1.2.3' })).json()).toMatchObject({ field: 'address' });
    expect((await post({ token: importToken(SECRET), remoteAddress: '10.1.2.3' })).statusCode).toBe(403);
    expect((await post({})).statusCode).toBe(403);
    const wrong = await post({ token: importToken('another installation’s secret') });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().field).toBe('token');
    const relative = await post({ token: importToken(SECRET), folder: 'channels/golf' });
    expect(relative.statusCode).toBe(400);
    expect(relative.json().field).toBe('folder');
    const broken = await channelFolder('hotel', { currency: 'dollars' });
    const invalid = await post({ token: importToken(SECRET), folder: broken });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().message).toMatch(/channel\.json[\s\S]*currency/);
    expect(t.app.channels.bySlug('golf')).toBeUndefined();
    expect(t.app.channels.bySlug('hotel')).toBeUndefined();
  });

  it('imports a new folder while the server runs: `node src/cli.ts channels import` answers by host within seconds, no restart', { timeout: 60_000 }, async () => {
    const dir = await channelFolder('india', { name: 'India Sports', language: 'en' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as { port: number }).port;
    const run = (secret: string) =>
      new Promise<{ code: number | null; output: string }>((resolve) => {
        const child = spawn(process.execPath, ['src/cli.ts', 'channels', 'import', dir], {
          cwd: join(repoRoot, 'apps', 'server'),
          env: {
            PATH: process.env.PATH,
            HOME: process.env.HOME,
            PORT: String(port),
            APP_SECRET: secret,
            // PGlite: the running server holds the database, the command hands the folder to it and
            // must not open a database of its own. PostgreSQL: the command writes, the server hears.
            ...(engine === 'postgres' ? { DATABASE_URL: t.database.connectionString } : { PGLITE_DATA_DIR: join(scratch, 'must-not-be-opened') }),
            MEDIA_DIR: join(scratch, 'media'),
            LOG_LEVEL: 'warn',
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let output = '';
        child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
        child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
        child.on('exit', (code) => resolve({ code, output }));
      });
    if (engine === 'pglite') {
      const refused = await run('not this installation’s secret');
      expect(refused.code).toBe(1);
      expect(refused.output).toMatch(/refused the import/);
      expect(t.app.channels.bySlug('india')).toBeUndefined();
    }
    const started = Date.now();
    const { code, output } = await run(SECRET);
    expect(code, output).toBe(0);
    expect(output).toMatch(engine === 'pglite' ? /imported india \(created, demo data seeded\) through the running server/ : /imported india \(created, demo data seeded\)/);
    const channel = await until(() => t.app.channels.bySlug('india'));
    expect(Date.now() - started).toBeLessThan(60_000);
    // Its site's host and its API answer in its own name and language.
    const logo = await t.app.inject({ url: '/channel-logo.svg', headers: { host: 'india.localhost' } });
    expect(logo.statusCode).toBe(200);
    const key = await t.app.inject({ method: 'POST', url: '/api/get_api_key', payload: { channel_key: channel.config.channelKey } });
    const settings = await t.app.inject({ url: `/api/settings?api_key=${key.json().data.api_key}` });
    expect(settings.json().data).toMatchObject({ name: 'India Sports', language: 'en' });
    // Its demo data came with it.
    const events = await t.app.inject({ url: `/api/events?api_key=${key.json().data.api_key}` });
    expect(events.json().data.length).toBeGreaterThan(0);
  });
});
