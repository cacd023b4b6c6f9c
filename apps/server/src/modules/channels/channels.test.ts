import { existsSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ChannelSettingsResponse, EventCategoriesResponse, MenuResponse } from '@grandstand/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadChannelFolders } from '../../core/channels/loadChannels.ts';
import { seedMissing, upsertChannels } from './seed.ts';
import { repoRoot } from '../../core/paths.ts';
import { FIXTURE_CHANNELS_DIR, openTestDatabase } from '../../../test/helper.ts';

let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'grandstand-channels-'));
});
afterAll(async () => rm(scratch, { recursive: true, force: true }));

async function copyFixtures(name: string): Promise<string> {
  const dir = join(scratch, name);
  await cp(FIXTURE_CHANNELS_DIR, dir, { recursive: true });
  return dir;
}

describe('loading channels/', () => {
  it('fails naming the file and the field of an invalid channel.json', async () => {
    const dir = await copyFixtures('bad-config');
    const file = join(dir, 'bravo', 'channel.json');
    await writeFile(file, JSON.stringify({ ...JSON.parse(await readFile(file, 'utf8')), currency: 'dollars' }));
    await expect(loadChannelFolders(dir)).rejects.toThrow(`${file} is not a valid channel config:\n  currency:`);
  });

  it('fails naming the file and the field of an invalid seed.json', async () => {
    const dir = await copyFixtures('bad-seed');
    const file = join(dir, 'alpha', 'seed.json');
    const seed = JSON.parse(await readFile(file, 'utf8'));
    seed.events[0].stream_status = 'paused';
    await writeFile(file, JSON.stringify(seed));
    await expect(loadChannelFolders(dir)).rejects.toThrow(/seed\.json is not a valid channel seed:\n {2}events\.0\.stream_status:/);
  });

  it('requires exactly one default channel', async () => {
    const dir = await copyFixtures('two-defaults');
    const file = join(dir, 'bravo', 'channel.json');
    await writeFile(file, JSON.stringify({ ...JSON.parse(await readFile(file, 'utf8')), default: true }));
    await expect(loadChannelFolders(dir)).rejects.toThrow(/exactly one channel must set "default": true/);
  });

  it('treats a missing directory as no channels', async () => {
    expect(await loadChannelFolders(join(scratch, 'does-not-exist'))).toEqual([]);
  });

  // The whole demo seeded on PGlite (its viewers' and operators' passwords hashed with Argon2 among
  // the rest) takes 10 to 20 s on a busy two-core machine: a generous limit, not a goal.
  it('loads, seeds and serves the real channels/ folder when present', { timeout: 60_000 }, async () => {
    const realDir = join(repoRoot, 'channels');
    const folders = await loadChannelFolders(realDir);
    if (!existsSync(realDir) || folders.length === 0) {
      // No channel data in this checkout: the loader must say so plainly, not invent channels.
      expect(folders).toEqual([]);
      return;
    }
    expect(folders.filter((f) => f.config.default)).toHaveLength(1);
    const database = await openTestDatabase();
    try {
      const channels = await upsertChannels(database.db, folders);
      expect(await seedMissing(database.db, channels)).toEqual(channels.filter((c) => c.seed).map((c) => c.config.slug));
      const app = await buildApp({ db: database.db, channels, logger: false, sitesDir: scratch });
      try {
        for (const channel of channels) {
          const keyResponse = await app.inject({ method: 'POST', url: '/api/get_api_key', payload: { channel_key: channel.config.channelKey } });
          const key = keyResponse.json().data.api_key as string;
          const settings = ChannelSettingsResponse.parse((await app.inject({ url: `/api/settings?api_key=${key}` })).json()).data;
          expect(settings.name).toBe(channel.config.name);
          expect(MenuResponse.parse((await app.inject({ url: `/api/menu?api_key=${key}` })).json()).data.length).toBeGreaterThan(0);
          expect(EventCategoriesResponse.parse((await app.inject({ url: `/api/events-categories?api_key=${key}` })).json()).data.length).toBeGreaterThan(0);
        }
      } finally {
        await app.close();
      }
    } finally {
      await database.close();
    }
  });
});
