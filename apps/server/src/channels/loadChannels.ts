import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type ChannelFolder as ChannelConfigFolder, readChannels } from '@grandstand/contract/node';
import { type ChannelSeed, parseChannelSeed } from './seedSchema.ts';

/** A `channels/<slug>/` folder as read from disk: its config and, when present, its demo seed. */
export interface ChannelFolder extends ChannelConfigFolder {
  seed: ChannelSeed | null;
  /** Absolute path of the logo file, when the config names one that exists. */
  logoFile: string | null;
}

/** A channel folder once its row exists: the id every query is scoped by. */
export interface LoadedChannel extends ChannelFolder {
  id: number;
}

async function readJson(file: string): Promise<unknown> {
  const text = await readFile(file, 'utf8');
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new Error(`${file} is not valid JSON: ${(error as Error).message}`, { cause: error });
  }
}

/**
 * Every channel folder of `channelsDir` by the contract's rule (`readChannels`: which folders are
 * channels, the one default, a broken channel.json named by file and field), with its demo seed.
 */
export async function loadChannelFolders(channelsDir: string): Promise<ChannelFolder[]> {
  const folders: ChannelFolder[] = [];
  for (const { dir, config } of readChannels(channelsDir)) {
    const seedFile = join(dir, 'seed.json');
    const seed = existsSync(seedFile) ? parseChannelSeed(await readJson(seedFile), seedFile) : null;
    const logoFile = config.logo && existsSync(join(dir, config.logo)) ? join(dir, config.logo) : null;
    folders.push({ dir, config, seed, logoFile });
  }
  return folders;
}
