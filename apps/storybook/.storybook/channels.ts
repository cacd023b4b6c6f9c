import { ChannelConfig, type ColorSettings } from '@grandstand/contract';

export interface StoryChannel {
  slug: string;
  name: string;
  colors: ColorSettings;
}

// Channels are data (architecture): every folder under channels/ shows up in the toolbar, no code change.
const files = import.meta.glob<{ default: unknown }>('../../../channels/*/channel.json', { eager: true });

export const channels: StoryChannel[] = Object.entries(files)
  .flatMap(([file, module]) => {
    const parsed = ChannelConfig.safeParse(module.default);
    if (!parsed.success) {
      console.warn(`${file} is not a valid channel config; left out of the channel toolbar`);
      return [];
    }
    return [{ slug: parsed.data.slug, name: parsed.data.name, colors: parsed.data.fallbackColors, isDefault: parsed.data.default }];
  })
  // The default channel first, then by name.
  .sort((a, b) => Number(b.isDefault) - Number(a.isDefault) || a.name.localeCompare(b.name))
  .map(({ slug, name, colors }) => ({ slug, name, colors }));

/** Used only while the repository has no channel folder, so the stories still render. */
export const neutralColors: ColorSettings = {
  'header-background': '#1f2933',
  'header-text-color': '#ffffff',
  'body-background': '#ffffff',
  'body-text-color': '#1f2933',
  'footer-background': '#1f2933',
  'footer-text-color': '#e4e7eb',
  'primary-color': '#2563eb',
  'secondary-color': '#4b5563',
};

export function colorsFor(slug: unknown): ColorSettings {
  return channels.find((channel) => channel.slug === slug)?.colors ?? channels[0]?.colors ?? neutralColors;
}
