// Builds the site once per channel into dist/<slug>/. GRANDSTAND_CHANNEL (one slug) or
// GRANDSTAND_CHANNELS (comma-separated) narrows it; turbo declares both so a cached build of one
// channel is never reused for another.
import { build } from 'vite';
import { listChannelSlugs } from './channels.ts';

const requested = process.env.GRANDSTAND_CHANNEL ?? process.env.GRANDSTAND_CHANNELS;
const slugs = requested ? requested.split(',').map((s) => s.trim()).filter(Boolean) : listChannelSlugs();
const configFile = new URL('../vite.config.ts', import.meta.url).pathname;

for (const slug of slugs) {
  process.stdout.write(`building the site of channel "${slug}"\n`);
  // vite.config.ts reads the channel from the environment each time it is loaded.
  process.env.GRANDSTAND_CHANNEL = slug;
  await build({ configFile, mode: 'production', logLevel: 'warn' });
}
