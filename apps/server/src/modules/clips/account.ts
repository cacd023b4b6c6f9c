import type { FastifyInstance } from 'fastify';
import type { Database } from '../../core/db/schema.ts';
import { removeClipMedia } from '../../core/media/clip.ts';
import { ClipsRepository } from './repository.ts';

/**
 * A deleted account's clips go with it (spec §3 Clip belongs to its viewer): rows, jobs, share
 * links and files, so nothing the viewer made stays public after they left. A cut under way finds
 * its job gone and writes nothing (modules/clips/queue.ts).
 *
 * In two steps around the deletion's transaction: the rows go in it (`tx`), with the account's
 * other rows and its audit line; the files once it has committed (`removeFiles`), as no file
 * removal can be undone if the transaction is not.
 */
export async function deleteAccountClips(app: FastifyInstance, tx: Database, channelId: number, userId: number): Promise<{ count: number; removeFiles: () => Promise<void> }> {
  const rows = await new ClipsRepository(tx).deleteAllOf(channelId, userId);
  return {
    count: rows.length,
    removeFiles: async () => {
      const slug = app.channels.byId(channelId)?.config.slug;
      if (slug === undefined) return;
      for (const row of rows) await removeClipMedia(app.media.storage, slug, row.uuid);
      app.clips.storage?.forget(slug);
    },
  };
}
