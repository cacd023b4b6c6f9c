import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type ChannelConfig, parseChannelConfig } from './channelConfig.ts';

/**
 * The one way the channel folders are read: by the server at start, the site's build, Storybook
 * and the end-to-end tests, so they all agree on which folders are channels, which one is the
 * default, and that a broken file stops them naming the file and the field (style.md §8).
 *
 * The rule:
 * - a channel is a folder of `dir` holding a `channel.json`; anything else there is not a channel;
 *   a missing `dir` holds no channels;
 * - channels come in the order of their folder names;
 * - each `channel.json` must be JSON, valid against `ChannelConfig`, with `slug` equal to its folder;
 * - exactly one channel sets `"default": true`; it is served at the bare host.
 */

/** A `channels/<slug>/` folder and its validated `channel.json`. */
export interface ChannelFolder {
  /** The folder, `<dir>/<slug>`: the channel's assets (logo, seed) are files in it. */
  dir: string;
  config: ChannelConfig;
}

/** The variable naming the channels folder of the server and the site's build. */
export const CHANNELS_DIR_VARIABLE = 'CHANNELS_DIR';

/** The channels folder: `CHANNELS_DIR` when set and not empty, else `fallback`; made absolute. */
export function channelsDirFromEnv(env: Readonly<Record<string, string | undefined>>, fallback: string): string {
  return resolve(env[CHANNELS_DIR_VARIABLE] || fallback);
}

/** A JSON file of a channel folder (channel.json, and the server's seed.json); throws naming the file. */
export function readJsonFile(file: string): unknown {
  const text = readFileSync(file, 'utf8');
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new Error(`${file} is not valid JSON: ${(error as Error).message}`, { cause: error });
  }
}

function readFolder(dir: string, name: string): ChannelFolder {
  const folder = join(dir, name);
  const file = join(folder, 'channel.json');
  const config = parseChannelConfig(readJsonFile(file), file);
  if (config.slug !== name) throw new Error(`${file} is not a valid channel config:\n  slug: must equal the folder name "${name}"`);
  return { dir: folder, config };
}

export interface ReadChannelsOptions {
  /**
   * Only these channels, in this order (the site's build of one channel). Every folder is still
   * read and checked, so a narrowed build refuses what the full one would; a slug that names no
   * channel fails.
   */
  only?: readonly string[];
}

/** Every channel folder of `dir`, validated by the rule above; throws naming the file and the field. */
export function readChannels(dir: string, options: ReadChannelsOptions = {}): ChannelFolder[] {
  if (!existsSync(dir)) return [];
  const names = readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(dir, entry.name, 'channel.json')))
    .map((entry) => entry.name)
    // Code-unit order, the same on every machine whatever its locale.
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const channels = names.map((name) => readFolder(dir, name));
  const defaults = channels.filter((channel) => channel.config.default);
  if (channels.length > 0 && defaults.length !== 1) {
    throw new Error(`${dir}: exactly one channel must set "default": true (found ${defaults.map((channel) => channel.config.slug).join(', ') || 'none'})`);
  }
  if (!options.only) return channels;
  return options.only.map((slug) => {
    const channel = channels.find((candidate) => candidate.config.slug === slug);
    if (!channel) throw new Error(`No channel "${slug}" in ${dir} (channels: ${names.join(', ') || 'none'})`);
    return channel;
  });
}

/** One channel of `dir`, after checking them all. */
export function readChannel(dir: string, slug: string): ChannelFolder {
  return readChannels(dir, { only: [slug] })[0]!;
}

/** The channel served at the bare host (the one with `"default": true`). */
export function defaultChannel(dir: string): ChannelFolder {
  const channel = readChannels(dir).find((candidate) => candidate.config.default);
  if (!channel) throw new Error(`No channels in ${dir}`);
  return channel;
}
