import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { CHANNEL_PICTURE_FILE } from '@grandstand/contract';
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
    checkPictureFiles(dir, config, seed);
    folders.push({ dir, config, seed, logoFile });
  }
  return folders;
}

/**
 * The pictures a channel folder names must be there: crests (channel.json `crests`) and the
 * slides' hero images (seed.json: an `image` that is not an address is a file of the folder).
 */
function checkPictureFiles(dir: string, config: ChannelConfigFolder['config'], seed: ChannelSeed | null): void {
  const problems: string[] = [];
  for (const kind of ['teams', 'schools'] as const) {
    for (const [alias, file] of Object.entries(config.crests?.[kind] ?? {})) {
      if (!existsSync(join(dir, file))) problems.push(`${join(dir, 'channel.json')}: crests.${kind}.${alias}: no file ${file} in the channel folder`);
    }
  }
  seed?.slides.forEach((slide, index) => {
    if (slide.image === null || /^(https?:)?\/\//.test(slide.image) || slide.image.startsWith('/')) return;
    if (!CHANNEL_PICTURE_FILE.test(slide.image)) problems.push(`${join(dir, 'seed.json')}: slides.${index}.image: must be an address or a picture file of the channel folder like slides/rink.jpg`);
    else if (!existsSync(join(dir, slide.image))) problems.push(`${join(dir, 'seed.json')}: slides.${index}.image: no file ${slide.image} in the channel folder`);
  });
  if (problems.length > 0) throw new Error(problems.join('\n'));
}
