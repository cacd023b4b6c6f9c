import { open } from 'node:fs/promises';
import { join } from 'node:path';
import type { ApiErrorBody } from '@grandstand/contract';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { hasMedia } from '../../media/events.ts';
import { contentTypeOf, layout, MEDIA_FILE, recordingForEvent } from '../../media/library.ts';

export const PREPARE_MEDIA_COMMAND = 'node src/cli.ts prepare-media';
/** A just-started encoder writes its first playlist after one segment (2 s) plus start-up. */
export const LIVE_PLAYLIST_WAIT_MS = 8000;

const IMMUTABLE = 'public, max-age=31536000, immutable';
const SHORT = 'public, max-age=60';
const LIVE_PLAYLIST = 'no-cache';

function fail(reply: FastifyReply, status: number, field: string, message: string) {
  const body: ApiErrorBody = { message, field };
  return reply.code(status).header('cache-control', 'no-store').send(body);
}

/**
 * Sends one file of a media folder, or a 404. `file` has passed MEDIA_FILE (one plain name),
 * so it cannot leave the folder. The file is opened before the headers are written, so a live
 * segment deleted from the window meanwhile is a clean 404.
 */
async function sendMedia(reply: FastifyReply, folder: string, file: string, cacheControl: string) {
  let handle;
  try {
    handle = await open(join(folder, file), 'r');
  } catch {
    return fail(reply, 404, 'url', 'Not found.');
  }
  const stats = await handle.stat();
  if (!stats.isFile()) {
    await handle.close();
    return fail(reply, 404, 'url', 'Not found.');
  }
  reply.header('content-type', contentTypeOf(file)).header('cache-control', cacheControl).header('content-length', stats.size).header('last-modified', stats.mtime.toUTCString());
  if (file.endsWith('.m3u8')) {
    // Playlists are small and rewritten in place by a live encoder: send one consistent copy.
    try {
      return reply.send(await handle.readFile());
    } finally {
      await handle.close();
    }
  }
  return reply.send(handle.createReadStream());
}

/**
 * The media routes. The signed token is the authorisation (no api key):
 * it names one event of one channel and expires. Prerolls are public.
 */
const mediaRoutes: FastifyPluginAsync = async (app) => {
  const { media } = app;

  app.get<{ Params: { token: string; eventId: string; '*': string } }>(
    '/media/s/:token/events/:eventId/*',
    { config: { apiKey: false } },
    async (request, reply) => {
      const grant = media.verify(request.params.token);
      if (grant === null || String(grant.eventId) !== request.params.eventId) {
        return fail(reply, 403, 'token', 'The stream address is invalid or has expired. Open the event again for a new one.');
      }
      const file = request.params['*'];
      if (!MEDIA_FILE.test(file)) return fail(reply, 404, 'url', 'Not found.');
      const channel = app.channels.byId(grant.channelId);
      const event = channel ? await media.events.find(grant.channelId, grant.eventId) : null;
      // A signal still running for an event that is no longer live (finished, deleted, moved back
      // to upcoming) stops on its next request, without waiting for the periodic check.
      if (channel && event?.streamStatus !== 'live' && media.live.isRunning(channel.config.slug, grant.eventId)) {
        await media.live.stop(channel.config.slug, grant.eventId);
      }
      if (!channel || !event || !hasMedia(event)) return fail(reply, 404, 'eventId', 'This event has no stream.');
      const slug = channel.config.slug;

      if (event.streamStatus === 'live') {
        if (!media.live.isRunning(slug, event.id)) {
          if (media.liveMode === 'off') return fail(reply, 503, 'eventId', 'Live signals are off on this server (MEDIA_LIVE=off).');
          await media.live.ensure({ channelSlug: slug, eventId: event.id, name: event.name, timeZone: event.timeZone });
        }
        const folder = media.live.dirOf(slug, event.id);
        if (file === 'index.m3u8') {
          if (!(await media.live.waitForPlaylist(slug, event.id, LIVE_PLAYLIST_WAIT_MS))) {
            return fail(reply.header('retry-after', '2'), 503, 'eventId', 'The live signal is starting. Try again in a few seconds.');
          }
          return sendMedia(reply, folder, file, LIVE_PLAYLIST);
        }
        // Segment names carry the encoder run, so a name never comes back with other bytes.
        return sendMedia(reply, folder, file, IMMUTABLE);
      }

      const folder = join(media.dir, layout.recordingDir(slug, recordingForEvent(event.id).id));
      const playlist = join(folder, 'index.m3u8');
      if (!(await media.exists(playlist))) {
        return fail(reply, 503, 'media', `The on-demand recordings are not prepared. Run: ${PREPARE_MEDIA_COMMAND}`);
      }
      // Segment names carry the recipe hash: a re-prepared recording gets new names.
      return sendMedia(reply, folder, file, file.endsWith('.m3u8') ? SHORT : IMMUTABLE);
    },
  );

  app.get<{ Params: { '*': string } }>('/media/prerolls/*', { config: { apiKey: false } }, async (request, reply) => {
    const file = request.params['*'];
    if (!MEDIA_FILE.test(file)) return fail(reply, 404, 'url', 'Not found.');
    const folder = join(media.dir, layout.prerollsDir);
    if (!(await media.exists(folder))) return fail(reply, 503, 'media', `The prerolls are not prepared. Run: ${PREPARE_MEDIA_COMMAND}`);
    return sendMedia(reply, folder, file, file.endsWith('.m3u8') ? SHORT : IMMUTABLE);
  });
};

export default mediaRoutes;
