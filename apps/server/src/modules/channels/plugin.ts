import { randomBytes } from 'node:crypto';
import fp from 'fastify-plugin';
import { registerConsoleRoutes } from '../operators/index.ts';
import { ownerRoutes, platformRoutes } from './consoleRoutes.ts';
import { syncChannelFiles } from './files.ts';
import { internalImportRoute } from './internalImport.ts';
import { settingsRoutes } from './settingsRoutes.ts';
import suspended from './suspended.ts';

export interface ChannelsPluginOptions {
  /** The app secret: `channels import` hands folders to this server with a token derived from it. Default: random (tests that need none). */
  secret?: string | Uint8Array;
}

/**
 * Channels as data (architecture: channels are data): the control room's channel calls (platform
 * owner, channel owner), a suspended channel's refusals, the running server's side of
 * `channels import`, and the channels' pictures copied into the media dir as they change.
 */
export default fp<ChannelsPluginOptions>(
  async (app, options) => {
    await syncChannelFiles(app.db, app.pictures.files, null);
    app.channels.onChanged((channelId) => {
      syncChannelFiles(app.db, app.pictures.files, channelId).then(
        () => app.pictures.forgetChannelFiles(channelId),
        (error: unknown) => app.log.warn({ err: error, channelId }, 'could not copy a channel’s pictures'),
      );
    });
    await app.register(suspended);
    await app.register(internalImportRoute(options.secret ?? randomBytes(32)));
    await registerConsoleRoutes(app, [platformRoutes, ownerRoutes, settingsRoutes]);
  },
  { name: 'channels', dependencies: ['db', 'buses', 'pictures', 'operators', 'channel-by-host'] },
);
