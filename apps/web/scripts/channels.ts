// Where the build finds the channel folders: CHANNELS_DIR, else the repository's channels/, as the
// server does. They are read with `@grandstand/contract/node`, whose rule the server follows too.
import { join, resolve } from 'node:path';
import { channelsDirFromEnv } from '@grandstand/contract/node';

export const channelsDir = channelsDirFromEnv(process.env, join(resolve(import.meta.dirname, '../../..'), 'channels'));
