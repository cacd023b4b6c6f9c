/** The sections' paths under the console's base: `/console/channels`, `/console/look`, `/console/faq`, `/console/domains`, `/console/settings`. */
export const CHANNELS_SECTION_PATH = 'channels';
export const LOOK_SECTION_PATH = 'look';
export const DOMAINS_SECTION_PATH = 'domains';
export const FAQ_SECTION_PATH = 'faq';
export const SETTINGS_SECTION_PATH = 'settings';

/** The pages, as links inside the console (its router adds the `/console` base). */
export const channelsPaths = {
  channels: `/${CHANNELS_SECTION_PATH}`,
  look: `/${LOOK_SECTION_PATH}`,
  domains: `/${DOMAINS_SECTION_PATH}`,
  faq: `/${FAQ_SECTION_PATH}`,
  settings: `/${SETTINGS_SECTION_PATH}`,
} as const;
