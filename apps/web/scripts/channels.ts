// Reads the channel folders for the build: each `channels/<slug>/channel.json` is validated with the
// contract's schema, so a bad file fails the build naming the file and the field.
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseChannelConfig } from '@grandstand/contract';
import type { ChannelConfig } from '@grandstand/contract';

export const repoRoot = resolve(import.meta.dirname, '../../..');
export const channelsDir = process.env.CHANNELS_DIR ?? join(repoRoot, 'channels');

export function loadChannel(slug: string): ChannelConfig {
  const file = join(channelsDir, slug, 'channel.json');
  if (!existsSync(file)) throw new Error(`No channel "${slug}": ${file} does not exist.`);
  const config = parseChannelConfig(JSON.parse(readFileSync(file, 'utf8')), file);
  if (config.slug !== slug) throw new Error(`${file}: slug "${config.slug}" must match its folder "${slug}".`);
  return config;
}

export function listChannelSlugs(): string[] {
  return readdirSync(channelsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(channelsDir, entry.name, 'channel.json')))
    .map((entry) => entry.name)
    .sort();
}

export function defaultChannelSlug(): string {
  const slugs = listChannelSlugs();
  const fallback = slugs.find((slug) => loadChannel(slug).default) ?? slugs[0];
  if (!fallback) throw new Error(`No channels under ${channelsDir}.`);
  return fallback;
}
