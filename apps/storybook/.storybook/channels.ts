import type { ColorSettings } from '@grandstand/contract';
// Read from channels/ by channelsModule.ts when Storybook starts.
import storyChannels, { type StoryChannel } from 'virtual:grandstand-channels';

export type { StoryChannel };

// Channels are data (architecture): every folder under channels/ shows up in the toolbar, no code change.
export const channels: StoryChannel[] = storyChannels;

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
