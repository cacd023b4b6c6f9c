import fp from 'fastify-plugin';
import { CHANNELS_CHANGED_CHANNEL, ChannelRegistry } from '../channels/registry.ts';
import type { PublicOriginsOptions } from '../channels/publicOrigins.ts';
import { noticesOf } from './notices.ts';
import type { Database } from './schema.ts';

export interface DbPluginOptions {
  db: Database;
  publicOrigins?: PublicOriginsOptions;
}

/**
 * The database and the known channels, which every repository (each module's) is built on.
 * The app owns neither: the caller closes the database. The channels are the database's rows, read
 * in one query at start and kept current from the `channels_changed` notice (this instance's
 * changes and every other's): a channel imported or edited while the server runs answers at once.
 */
export default fp<DbPluginOptions>(
  async (app, options) => {
    const { db } = options;
    const registry = await ChannelRegistry.load(db, options.publicOrigins);
    app.decorate('db', db);
    app.decorate('channels', registry);
    // A changed channel's cached answers (settings, colours, rendered pages) are dropped with it.
    const changed = (channelId: number | null) => (app.hasDecorator('dataChanged') ? app.dataChanged.emit(channelId) : undefined);
    const listen = noticesOf(db);
    if (!listen) return;
    let heardBefore = false;
    let closing = false;
    const subscription = listen(CHANNELS_CHANGED_CHANNEL, {
      notice: (payload) => {
        const channelId = Number(payload);
        if (!Number.isSafeInteger(channelId) || closing) return;
        registry.refresh(db, channelId).then(
          () => changed(channelId),
          (error: unknown) => app.log.warn({ err: error, channelId }, 'could not read a changed channel again'),
        );
      },
      live: (listening) => {
        // Back after a lost connection: what changed meanwhile went unheard, so every row is read again.
        if (listening && heardBefore && !closing) {
          registry.reload(db).then(
            () => changed(null),
            (error: unknown) => app.log.warn({ err: error }, 'could not read the channels again'),
          );
        }
        if (listening) heardBefore = true;
      },
      error: (error) => app.log.warn({ err: error }, "not hearing of channels changed elsewhere until the connection is back"),
    });
    app.addHook('onClose', async () => {
      closing = true;
      await subscription.close();
    });
    await subscription.ready;
  },
  { name: 'db' },
);
