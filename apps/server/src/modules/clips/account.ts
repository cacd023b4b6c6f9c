import type { FastifyInstance } from 'fastify';
import { removeClipMedia } from '../../core/media/clip.ts';

/**
 * A deleted account's clips go with it (spec §3 Clip belongs to its viewer): rows, jobs, share
 * links and files, so nothing the viewer made stays public after they left. A cut under way finds
 * its job gone and writes nothing (modules/clips/queue.ts).
 */
export async function deleteAccountClips(app: FastifyInstance, channelId: number, userId: number): Promise<number> {
  const rows = await app.clipsRepository.deleteAllOf(channelId, userId);
  const slug = app.channels.byId(channelId)?.config.slug;
  if (slug === undefined) return rows.length;
  for (const row of rows) await removeClipMedia(app.media.storage, slug, row.uuid);
  app.clips.storage?.forget(slug);
  return rows.length;
}
