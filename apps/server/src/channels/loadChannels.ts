import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type ChannelConfig, parseChannelConfig } from '@grandstand/contract';
import { type ChannelSeed, parseChannelSeed } from './seedSchema.ts';

/** A `channels/<slug>/` folder as read from disk: its config and, when present, its demo seed. */
export interface ChannelFolder {
  dir: string;
  config: ChannelConfig;
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
 * Reads and validates every `<dir>/<slug>/channel.json` (architecture: channels are data). Fails
 * with the file and the field at fault. A missing directory means no channels.
 */
export async function loadChannelFolders(channelsDir: string): Promise<ChannelFolder[]> {
  if (!existsSync(channelsDir)) return [];
  const entries = (await readdir(channelsDir, { withFileTypes: true })).filter((e) => e.isDirectory()).sort((a, b) => a.name.localeCompare(b.name));
  const folders: ChannelFolder[] = [];
  for (const entry of entries) {
    const dir = join(channelsDir, entry.name);
    const configFile = join(dir, 'channel.json');
    if (!existsSync(configFile)) continue;
    const config = parseChannelConfig(await readJson(configFile), configFile);
    if (config.slug !== entry.name) throw new Error(`${configFile} is not a valid channel config:\n  slug: must equal the folder name "${entry.name}"`);
    const seedFile = join(dir, 'seed.json');
    const seed = existsSync(seedFile) ? parseChannelSeed(await readJson(seedFile), seedFile) : null;
    const logoFile = config.logo && existsSync(join(dir, config.logo)) ? join(dir, config.logo) : null;
    folders.push({ dir, config, seed, logoFile });
  }
  const defaults = folders.filter((f) => f.config.default);
  if (folders.length > 0 && defaults.length !== 1) {
    throw new Error(`${channelsDir}: exactly one channel must set "default": true (found ${defaults.map((f) => f.config.slug).join(', ') || 'none'})`);
  }
  return folders;
}
