import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { CHANNEL_PICTURE_FILE, type ChannelConfig, type ChannelStatus, parseChannelConfig } from '@grandstand/contract';
import { type ChannelFolder as ChannelConfigFolder, readChannels, readJsonFile } from '@grandstand/contract/node';
import { type ChannelSeed, parseChannelSeed } from './seedSchema.ts';

/** A picture a channel folder carries (logo, crests, slide images), by its path in the folder. */
export interface ChannelFolderFile {
  path: string;
  content: Buffer;
  contentType: string;
  sha256: string;
}

/**
 * A `channels/<slug>/` folder as read from disk: an import source only (architecture: channels are
 * data). Its config, its demo seed when present, the pictures it names, and a hash of all of them,
 * so a start that finds the folder unchanged since its last import leaves the row (and an owner's
 * edits made since in the control room) alone.
 */
export interface ChannelFolder extends ChannelConfigFolder {
  seed: ChannelSeed | null;
  files: readonly ChannelFolderFile[];
  /** sha256 of channel.json, seed.json and every file: what the row remembers as its source. */
  sourceSha256: string;
}

/** A channel the server serves: its row in `channels`, the id every query is scoped by. */
export interface LoadedChannel {
  id: number;
  config: ChannelConfig;
  /** A suspended channel's site says so and its API hands out no stream, media or purchase. */
  status: ChannelStatus;
  /** Its custom domains (`channel_domains`), lower case. */
  domains: readonly string[];
  /** When the row last changed: the rendered pages' version. */
  updatedAt: Date;
}

const CONTENT_TYPES: Record<string, string> = { svg: 'image/svg+xml', png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', webp: 'image/webp' };

export function pictureContentType(path: string): string {
  return CONTENT_TYPES[path.slice(path.lastIndexOf('.') + 1).toLowerCase()] ?? 'application/octet-stream';
}

const sha256Of = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

/**
 * Every channel folder of `channelsDir` by the contract's rule (`readChannels`: which folders are
 * channels, the one default, a broken channel.json named by file and field), with its demo seed.
 */
export async function loadChannelFolders(channelsDir: string): Promise<ChannelFolder[]> {
  return readChannels(channelsDir).map(({ dir, config }) => completeFolder(dir, config));
}

/**
 * One channel folder (`channels import <folder>`): its channel.json validated as at start, the slug
 * equal to the folder's name, every picture it names present; errors name the file and the field.
 */
export function loadChannelFolder(folder: string): ChannelFolder {
  const dir = resolve(folder);
  const file = join(dir, 'channel.json');
  if (!existsSync(file)) throw new Error(`${file}: no channel.json in the folder`);
  const config = parseChannelConfig(readJsonFile(file), file);
  if (config.slug !== basename(dir)) throw new Error(`${file} is not a valid channel config:\n  slug: must equal the folder name "${basename(dir)}"`);
  return completeFolder(dir, config);
}

function completeFolder(dir: string, config: ChannelConfig): ChannelFolder {
  const seedFile = join(dir, 'seed.json');
  const seed = existsSync(seedFile) ? parseChannelSeed(readJsonFile(seedFile), seedFile) : null;
  const paths = picturePaths(dir, config, seed);
  const files = paths.map((path) => {
    const content = readFileSync(join(dir, path));
    return { path, content, contentType: pictureContentType(path), sha256: sha256Of(content) };
  });
  const source = createHash('sha256').update(readFileSync(join(dir, 'channel.json')));
  if (seed) source.update(readFileSync(seedFile));
  for (const f of files) source.update(`\0${f.path}\0${f.sha256}`);
  return { dir, config, seed, files, sourceSha256: source.digest('hex') };
}

/**
 * The pictures a channel folder names, which must be there: the logo, crests (channel.json
 * `crests`) and the slides' hero images (seed.json: an `image` that is not an address is a file of
 * the folder).
 */
function picturePaths(dir: string, config: ChannelConfig, seed: ChannelSeed | null): string[] {
  const problems: string[] = [];
  const paths = new Set<string>();
  if (config.logo) {
    if (existsSync(join(dir, config.logo))) paths.add(config.logo);
    else problems.push(`${join(dir, 'channel.json')}: logo: no file ${config.logo} in the channel folder`);
  }
  for (const kind of ['teams', 'schools'] as const) {
    for (const [alias, file] of Object.entries(config.crests?.[kind] ?? {})) {
      if (!existsSync(join(dir, file))) problems.push(`${join(dir, 'channel.json')}: crests.${kind}.${alias}: no file ${file} in the channel folder`);
      else paths.add(file);
    }
  }
  seed?.slides.forEach((slide, index) => {
    if (slide.image === null || /^(https?:)?\/\//.test(slide.image) || slide.image.startsWith('/')) return;
    if (!CHANNEL_PICTURE_FILE.test(slide.image)) problems.push(`${join(dir, 'seed.json')}: slides.${index}.image: must be an address or a picture file of the channel folder like slides/rink.jpg`);
    else if (!existsSync(join(dir, slide.image))) problems.push(`${join(dir, 'seed.json')}: slides.${index}.image: no file ${slide.image} in the channel folder`);
    else paths.add(slide.image);
  });
  if (problems.length > 0) throw new Error(problems.join('\n'));
  return [...paths].sort();
}
