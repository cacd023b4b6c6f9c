// Node side of the channel toolbar: the channel folders are read once, with the contract's reader
// (the rule the server and the site's build follow), and handed to the stories as a virtual module.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readChannels } from '@grandstand/contract/node';
import type { Plugin } from 'vite';
import type { StoryChannel } from './channels.ts';

export const channelsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../channels');

const MODULE_ID = 'virtual:grandstand-channels';

/** Every channel, default first, then by name (the toolbar's order; the first one is selected). */
export function storyChannels(): StoryChannel[] {
  return readChannels(channelsDir)
    .map(({ config }) => config)
    .sort((a, b) => Number(b.default) - Number(a.default) || a.name.localeCompare(b.name))
    .map((config) => ({ slug: config.slug, name: config.name, colors: config.fallbackColors }));
}

/** `virtual:grandstand-channels`: the default export is `storyChannels()`. */
export function channelsModule(): Plugin {
  return {
    name: 'grandstand-channels',
    resolveId: (id) => (id === MODULE_ID ? `\0${MODULE_ID}` : undefined),
    load: (id) => (id === `\0${MODULE_ID}` ? `export default ${JSON.stringify(storyChannels())};` : undefined),
  };
}
