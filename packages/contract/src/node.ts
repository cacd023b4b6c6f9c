// The node-only entry (`@grandstand/contract/node`): it reads files, so the site's bundle, which
// imports only the main entry, never sees it.
export { CHANNELS_DIR_VARIABLE, channelsDirFromEnv, defaultChannel, readChannel, readChannels, readJsonFile } from './channelFolders.ts';
export type { ChannelFolder, ReadChannelsOptions } from './channelFolders.ts';
