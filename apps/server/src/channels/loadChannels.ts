import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { type ChannelFolder as ChannelConfigFolder, readChannels, readJsonFile } from '@grandstand/contract/node';
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

/**
 * Every channel folder of `channelsDir` by the contract's rule (`readChannels`: which folders are
 * channels, the one default, a broken channel.json named by file and field), with its demo seed.
 */
export async function loadChannelFolders(channelsDir: string): Promise<ChannelFolder[]> {
  const folders: ChannelFolder[] = [];
  for (const { dir, config } of readChannels(channelsDir)) {
    const seedFile = join(dir, 'seed.json');
    const seed = existsSync(seedFile) ? parseChannelSeed(readJsonFile(seedFile), seedFile) : null;
    const logoFile = config.logo && existsSync(join(dir, config.logo)) ? join(dir, config.logo) : null;
    folders.push({ dir, config, seed, logoFile });
  }
  return folders;
}
