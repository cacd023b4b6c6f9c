import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { readChannels, readJsonFile } from '@grandstand/contract/node';
import { PROFILE_KEY } from './config.ts';

/**
 * Which channel each profile key names. The channel of a stored row is the one its key names,
 * never one the body claims: a site holding one channel's key cannot write into another's reports.
 */
export interface Profiles {
  /** The channel the key names, or null for a key this service does not know. */
  channelOf(key: string): string | null;
  /** Every channel with at least one key. */
  readonly channels: readonly string[];
}

export function profilesFrom(bySlug: Readonly<Record<string, readonly string[]>>): Profiles {
  const byKey = new Map<string, string>();
  for (const [slug, keys] of Object.entries(bySlug)) {
    for (const key of keys) {
      const other = byKey.get(key);
      if (other !== undefined && other !== slug) throw new Error(`The profile key of ${slug} is also ${other}'s: each key names one channel`);
      byKey.set(key, slug);
    }
  }
  const channels = Object.entries(bySlug)
    .filter(([, keys]) => keys.length > 0)
    .map(([slug]) => slug);
  return {
    // A Map, not an object: a key such as "__proto__" or "constructor" names nothing.
    channelOf: (key) => byKey.get(key) ?? null,
    channels,
  };
}

/**
 * Without `ANALYTICS_PROFILES`: each channel folder's `seed.json` `settings.analytics_key` (the demo's
 * keys), read through the same channel-folder rule as the server and the site. A channel without a
 * key sends no analytics, so it has none here either.
 */
export function readProfilesFromChannels(channelsDir: string): Record<string, string[]> {
  const bySlug: Record<string, string[]> = {};
  for (const folder of readChannels(channelsDir)) {
    const file = join(folder.dir, 'seed.json');
    if (!existsSync(file)) continue;
    const seed = readJsonFile(file) as { settings?: { analytics_key?: unknown } } | null;
    const key = seed?.settings?.analytics_key;
    if (key === undefined || key === null) continue;
    if (typeof key !== 'string' || !PROFILE_KEY.test(key)) throw new Error(`${file}: settings.analytics_key must be 8 to 128 letters, digits, dots, dashes or underscores`);
    bySlug[folder.config.slug] = [key];
  }
  return bySlug;
}
