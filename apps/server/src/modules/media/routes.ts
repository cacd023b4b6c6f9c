import { open } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { ApiErrorBody } from '@grandstand/contract';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { hasMedia } from './repository.ts';
import { contentTypeOf, layout, MEDIA_FILE, recordingForEvent } from '../../core/media/library.ts';
import { LIVE_THUMB_CACHE, mimeOf } from '../../core/media/pictures.ts';
import { CARD_WIDTH } from '../../core/media/drawn.ts';
import { ensureCardVariants, ensureSlideVariants } from '../../core/media/variants.ts';
import { clipKey } from '../../core/media/clip.ts';
import { type MediaStorage, PRIVATE_IMMUTABLE, PRIVATE_SHORT } from '../../core/media/storage/index.ts';
import { sendStored } from '../../core/media/storage/send.ts';
import { attachmentDisposition, ensureEventDownload } from '../../core/media/download.ts';
import { LIVE_PLAYLIST as LIVE_PLAYLIST_FILE, liveDirOf, recordingSourceOf } from '../../core/media/packager/index.ts';

export const PREPARE_MEDIA_COMMAND = 'node src/cli.ts prepare-media';
/** A just-started demo camera is packaged into its first playlist after a segment (1 s) plus both start-ups. */
export const LIVE_PLAYLIST_WAIT_MS = 8000;

const IMMUTABLE = 'public, max-age=31536000, immutable';
const SHORT = 'public, max-age=60';
const LIVE_PLAYLIST = 'no-cache';
/** A signed download is the viewer's alone: never kept by a shared cache. */
const DOWNLOAD = 'private, no-store';

/**
 * A clip's files (core/media/clip.ts); its `clip.mp4` is only downloaded through a signed address. A
 * paid or ppv game's clip's HLS is refused here too (src/modules/clips/plugin.ts): it plays only under a
 * signed address (CLIP_HLS_FILE).
 */
const CLIP_PATH = /^([a-z0-9][a-z0-9-]{0,62})\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/(index\.m3u8|init\.mp4|seg-[0-9]{3}\.m4s|edge-[0-9]{3}(?:-init\.mp4|\.m4s)|poster(?:-(?:320|640|854))?\.(?:jpg|webp))$/;
/** A clip's HLS files, as the signed clip addresses serve them (never its posters, nor its MP4). */
const CLIP_HLS_FILE = /^(?:index\.m3u8|init\.mp4|seg-[0-9]{3}\.m4s|edge-[0-9]{3}(?:-init\.mp4|\.m4s))$/;

/** An on-demand item's public files: its posters and its preview (the HLS only through a signed address). */
const VOD_PUBLIC_PATH = /^([a-z0-9][a-z0-9-]{0,62})\/([a-z0-9-]{1,60})\/(poster\.jpg|poster\.webp|preview\.mp4)$/;

/** An on-demand item's media folder (the recordings' `vod/<slug>/` beside theirs), as prepare-media writes it. */
function vodDir(slug: string, ref: string): string {
  return join('vod', slug, ref);
}

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

/** An SVG shown on its own may not run or load anything (an `<img>` would not let it anyway). */
const SVG_POLICY = "default-src 'none'; style-src 'unsafe-inline'";
/** How long a picture request waits for a just-started live signal's first thumbnail. */
export const LIVE_THUMB_WAIT_MS = 4000;

/** The picture addresses (core/media/pictures.ts), each part spelt out: nothing else reaches the disk. */
const PICTURE = {
  poster: /^events\/([1-9][0-9]{0,9})\/poster-([0-9a-f]{12})-(320|640|854)\.(avif|webp|jpg)$/,
  live: /^events\/([1-9][0-9]{0,9})\/live\.(webp|jpg)$/,
  card: /^events\/([1-9][0-9]{0,9})\/card-([A-Za-z0-9]{10})\.svg$/,
  cardPicture: /^events\/([1-9][0-9]{0,9})\/card-([A-Za-z0-9]{10})-(320|640|960)\.(webp|jpg)$/,
  crest: /^(teams|schools)\/([1-9][0-9]{0,9})\/crest-([A-Za-z0-9]{10})\.(svg|png|jpg|webp)$/,
  slide: /^slides\/([1-9][0-9]{0,9})\/([A-Za-z0-9]{10})-(640|1024|1600)\.(avif|webp|jpg)$/,
};

function sendPicture(reply: FastifyReply, body: Buffer | string, ext: string, cacheControl: string) {
  reply.header('content-type', ext === 'svg' ? 'image/svg+xml; charset=utf-8' : mimeOf(ext)).header('cache-control', cacheControl).header('x-content-type-options', 'nosniff');
  if (ext === 'svg') reply.header('content-security-policy', SVG_POLICY);
  return reply.send(body);
}

/** Sends a picture file of the media dir (its name was built from checked parts), or a 404. */
async function sendPictureFile(reply: FastifyReply, path: string, ext: string, cacheControl: string) {
  let handle;
  try {
    handle = await open(path, 'r');
  } catch {
    return fail(reply, 404, 'url', 'Not found.');
  }
  try {
    const stats = await handle.stat();
    reply.header('last-modified', stats.mtime.toUTCString());
    return sendPicture(reply, await handle.readFile(), ext, cacheControl);
  } finally {
    await handle.close();
  }
}

/**
 * One file of a clip, from where finished media is stored (core/media/storage/): its folder in the
 * media dir, read as the other media folders are, or its object in the bucket.
 */
async function sendClipFile(request: FastifyRequest, reply: FastifyReply, storage: MediaStorage, clip: { slug: string; uuid: string; file: string }, cacheControl: string) {
  const key = clipKey(clip.slug, clip.uuid);
  const folder = storage.localPath(key);
  if (folder === null) return sendStored(request, reply, storage, `${key}/${clip.file}`, cacheControl);
  if (clip.file.startsWith('poster')) return sendPictureFile(reply, join(folder, clip.file), clip.file.slice(clip.file.lastIndexOf('.') + 1), cacheControl);
  return sendMedia(reply, folder, clip.file, cacheControl);
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
      const event = channel ? await app.mediaEventsRepository.find(grant.channelId, grant.eventId) : null;
      if (!channel || !event || !hasMedia(event)) return fail(reply, 404, 'eventId', 'This event has no stream.');
      const slug = channel.config.slug;

      if (event.streamStatus === 'live') {
        // The packager's output of the event's camera (core/media/packager): the DVR window's playlist and its runs' segments.
        const folder = liveDirOf(media.dir, slug, event.id);
        if (file === LIVE_PLAYLIST_FILE) {
          media.sawViewer(channel.id, event.id, grant.sessionId);
          // A seeded event's demo camera starts on its first viewer (DEMO_CAMERAS=on-demand).
          if (event.origin === 'seed' && !app.live.cameras.isRunning(event.id)) {
            await app.live.demandCamera({ channelId: channel.id, eventId: event.id, name: event.name, timeZone: event.timeZone, origin: event.origin });
          }
          if (!(await media.exists(join(folder, file)))) {
            if (!(await app.live.waitForPlaylist(slug, event.id, app.live.cameras.isRunning(event.id) ? LIVE_PLAYLIST_WAIT_MS : 0))) {
              return fail(reply.header('retry-after', '2'), 503, 'eventId', 'The camera has not started yet.');
            }
          }
          return sendMedia(reply, folder, file, LIVE_PLAYLIST);
        }
        // Segment names carry the camera's run, so a name never comes back with other bytes.
        return sendMedia(reply, folder, file, file.endsWith('.m3u8') ? LIVE_PLAYLIST : IMMUTABLE);
      }

      // A finished event: its live recording (named index.m3u8 for the player), else the demo library's.
      const source = await recordingSourceOf(media.dir, slug, event.id);
      if (source.live) {
        // Only the recording's playlist (as trimmed): the folder's other playlists are the live window's and the untrimmed one.
        if (file.endsWith('.m3u8') && file !== LIVE_PLAYLIST_FILE) return fail(reply, 404, 'url', 'Not found.');
        return sendMedia(reply, source.dir, file === LIVE_PLAYLIST_FILE ? source.playlist : file, file.endsWith('.m3u8') ? SHORT : IMMUTABLE);
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

  // An on-demand item's HLS (spec §6): the signed address is the authorisation, for one item of
  // one channel; the api hands it only to a viewer who may watch the item. Its own token purpose,
  // so an event's address never opens an item of the same id.
  app.get<{ Params: { token: string; itemId: string; '*': string } }>('/media/s/:token/vod/:itemId/*', { config: { apiKey: false } }, async (request, reply) => {
    const grant = media.verifyVod(request.params.token);
    if (grant === null || String(grant.itemId) !== request.params.itemId) {
      return fail(reply, 403, 'token', 'The stream address is invalid or has expired. Open the video again for a new one.');
    }
    const file = request.params['*'];
    if (!MEDIA_FILE.test(file)) return fail(reply, 404, 'url', 'Not found.');
    const channel = app.channels.byId(grant.channelId);
    const ref = channel ? await app.vodRepository.refOf(grant.channelId, grant.itemId) : undefined;
    if (!channel || ref === undefined) return fail(reply, 404, 'itemId', 'This video has no stream.');
    const folder = join(media.dir, vodDir(channel.config.slug, ref));
    if (!(await media.exists(join(folder, 'index.m3u8')))) {
      return fail(reply, 503, 'media', `The on-demand library's media is not prepared. Run: ${PREPARE_MEDIA_COMMAND}`);
    }
    return sendMedia(reply, folder, file, file.endsWith('.m3u8') ? SHORT : IMMUTABLE);
  });

  // A paid or ppv game's clip (src/modules/clips/sharing.ts): its HLS only under a signed address, for one
  // clip of one channel, which the api hands only to a viewer who may watch the game. Its own token
  // purpose, so no event's or item's address opens a clip. The folder goes when the clip is deleted.
  app.get<{ Params: { token: string; uuid: string; '*': string } }>('/media/s/:token/clips/:uuid/*', { config: { apiKey: false } }, async (request, reply) => {
    const grant = media.verifyClip(request.params.token);
    if (grant === null || grant.uuid !== request.params.uuid) {
      return fail(reply, 403, 'token', 'The stream address is invalid or has expired. Open the clip again for a new one.');
    }
    const file = request.params['*'];
    const channel = app.channels.byId(grant.channelId);
    if (!CLIP_HLS_FILE.test(file) || !channel) return fail(reply, 404, 'url', 'Not found.');
    // Behind its token: the viewer's browser may keep it, no shared cache (a CDN) may, or it
    // would hand the clip to anyone holding the address after the token has lapsed.
    return sendClipFile(request, reply, media.storage, { slug: channel.config.slug, uuid: grant.uuid, file }, file.endsWith('.m3u8') ? PRIVATE_SHORT : PRIVATE_IMMUTABLE);
  });

  // An item's posters and preview are public (a locked item's card shows them, spec §3), on its
  // channel's host only and while the channel has the item; its HLS is not reachable here.
  app.get<{ Params: { '*': string } }>('/media/vod/*', { config: { apiKey: false } }, async (request, reply) => {
    const match = VOD_PUBLIC_PATH.exec(request.params['*']);
    const channel = request.hostChannel;
    if (!match || !channel || match[1] !== channel.config.slug) return fail(reply, 404, 'url', 'Not found.');
    const [, slug, ref, file] = match as unknown as [string, string, string, string];
    if (!(await app.vodRepository.hasRef(channel.id, ref))) return fail(reply, 404, 'url', 'Not found.');
    const folder = join(media.dir, vodDir(slug, ref));
    if (file.startsWith('poster')) return sendPictureFile(reply, join(folder, file), file.slice(file.lastIndexOf('.') + 1), SHORT);
    if (!(await media.exists(join(folder, file)))) return fail(reply, 404, 'url', 'Not found.');
    // @fastify/static's sender: a video element asks for ranges. Briefly cached: a re-prepared
    // item keeps its address.
    reply.header('x-content-type-options', 'nosniff').header('cache-control', SHORT);
    return reply.sendFile(file, folder, { cacheControl: false });
  });

  // Pictures are public (a paid event's poster may be shown, not its stream) and belong to the
  // channel of the host they are asked on: another channel's id is not found here.
  app.get<{ Params: { '*': string } }>('/media/pictures/*', { config: { apiKey: false } }, async (request, reply) => {
    const path = request.params['*'];
    const channel = request.hostChannel;
    if (!channel) return fail(reply, 404, 'url', 'Not found.');
    const pictures = app.pictures;
    let match: RegExpExecArray | null;

    if ((match = PICTURE.poster.exec(path))) {
      const [, id, hash, width, ext] = match as unknown as [string, string, string, string, string];
      const event = await app.mediaEventsRepository.find(channel.id, Number(id));
      if (!event || event.streamStatus !== 'finished') return fail(reply, 404, 'eventId', 'This event has no poster.');
      return sendPictureFile(reply, pictures.posterFile(channel, event.id, hash, Number(width), ext), ext, IMMUTABLE);
    }

    if ((match = PICTURE.card.exec(path))) {
      const [, id, hash] = match as unknown as [string, string, string];
      const card = await app.eventsRepository.drawnCard(channel.id, Number(id));
      if (!card) return fail(reply, 404, 'eventId', 'Not found.');
      // An older address (the teams or names changed since) gets today's card, briefly cached.
      return sendPicture(reply, card.svg(), 'svg', card.hash === hash ? IMMUTABLE : SHORT);
    }

    if ((match = PICTURE.cardPicture.exec(path))) {
      const [, id, hash, width, ext] = match as unknown as [string, string, string, string, string];
      const card = await app.eventsRepository.drawnCard(channel.id, Number(id));
      if (!card) return fail(reply, 404, 'eventId', 'Not found.');
      // An older address (the teams or names changed since) goes to today's card, as the SVG's does.
      if (card.hash !== hash) return reply.header('cache-control', SHORT).redirect(`/media/pictures/events/${id}/card-${card.hash}-${width}.${ext}`, 302);
      const dir = pictures.cardVariantDir(channel.id);
      await ensureCardVariants(card.svg, dir, card.hash, media.ffmpegPath);
      return sendPictureFile(reply, join(dir, `${card.hash}-${width}.${ext}`), ext, IMMUTABLE);
    }

    if ((match = PICTURE.live.exec(path))) {
      const [, id, ext] = match as unknown as [string, string, string];
      const event = await app.mediaEventsRepository.find(channel.id, Number(id));
      if (!event) return fail(reply, 404, 'eventId', 'Not found.');
      const slug = channel.config.slug;
      const file = join(liveDirOf(media.dir, slug, event.id), `thumb.${ext}`);
      // The packager renews the thumbnail every second while the camera publishes; a picture asks
      // for no camera (a page of them would start every demo camera).
      if (event.streamStatus === 'live' && (await media.exists(file))) return sendPictureFile(reply, file, ext, LIVE_THUMB_CACHE);
      // No signal (not live any more, no camera yet): the event's drawn card.
      const card = await app.eventsRepository.drawnCard(channel.id, event.id);
      if (!card) return fail(reply, 404, 'eventId', 'Not found.');
      return reply.header('cache-control', 'no-store').redirect(`/media/pictures/events/${event.id}/card-${card.hash}-${CARD_WIDTH}.${ext}`, 302);
    }

    if ((match = PICTURE.crest.exec(path))) {
      const [, kind, id, hash, ext] = match as unknown as [string, 'teams' | 'schools', string, string, string];
      const owner = await crestOwner(app, channel.id, kind, Number(id));
      if (!owner) return fail(reply, 404, 'url', 'Not found.');
      const crest = pictures.crest(channel.id, kind, owner);
      if (crest.ext !== ext) return fail(reply, 404, 'url', 'Not found.');
      return sendPicture(reply, crest.body(), ext, crest.url.endsWith(`crest-${hash}.${ext}`) ? IMMUTABLE : SHORT);
    }

    if ((match = PICTURE.slide.exec(path))) {
      const [, id, hash, width, ext] = match as unknown as [string, string, string, string, string];
      const slide = await app.db.selectFrom('slides').select(['id', 'image']).where('channel_id', '=', channel.id).where('id', '=', Number(id)).executeTakeFirst();
      const file = slide ? pictures.slideFile(channel.id, slide.image) : null;
      if (!file || file.hash !== hash) return fail(reply, 404, 'url', 'Not found.');
      const dir = pictures.slideVariantDir(channel.id);
      await ensureSlideVariants(file.path, dir, hash, media.ffmpegPath);
      return sendPictureFile(reply, join(dir, `${hash}-${width}.${ext}`), ext, IMMUTABLE);
    }
    return fail(reply, 404, 'url', 'Not found.');
  });

  // A clip's HLS and poster are public once it is ready (a share link plays for anyone, spec §2
  // /share/{id}/{uuid}) and belong to the channel of the host they are asked on: another
  // channel's clip is not found here. A paid or ppv game's clip shows only its poster here (link
  // previews); its HLS is refused (src/modules/clips/plugin.ts) and plays under a signed address above. The folder appears whole when the clip is ready and goes
  // when it is deleted, so what is on disk is the answer.
  app.get<{ Params: { '*': string } }>('/media/clips/*', { config: { apiKey: false } }, async (request, reply) => {
    const match = CLIP_PATH.exec(request.params['*']);
    const channel = request.hostChannel;
    if (!match || !channel || match[1] !== channel.config.slug) return fail(reply, 404, 'url', 'Not found.');
    const [, slug, uuid, file] = match as unknown as [string, string, string, string];
    // The playlist briefly: a deleted clip stops playing from caches soon after. Its segments and
    // posters never change under their names, so a CDN keeps them.
    return sendClipFile(request, reply, media.storage, { slug, uuid, file }, file.endsWith('.m3u8') ? SHORT : IMMUTABLE);
  });

  // The MP4 downloads: the signed address is the authorisation (the api gave it to a viewer
  // allowed to download, spec §6), for one file of one channel, on that channel's host only.
  // (A wildcard, not `:token/:name`: a token that carries the file name is longer than the
  // router's parameter limit.)
  app.get<{ Params: { '*': string } }>('/media/download/*', { config: { apiKey: false } }, async (request, reply) => {
    // Compared raw, as the address spelt it: the router decodes a path only in part.
    const [token = '', spelt, ...rest] = (request.url.split('?')[0] ?? '').slice('/media/download/'.length).split('/');
    const grant = rest.length === 0 ? media.verifyDownload(token) : null;
    if (grant === null) return fail(reply, 403, 'token', 'The download address is invalid or has expired. Ask for the download again.');
    const channel = request.hostChannel;
    if (!channel || channel.id !== grant.channelId || spelt !== encodeURIComponent(grant.name)) return fail(reply, 404, 'url', 'Not found.');
    let file: string;
    if ('clip' in grant) {
      const key = `${clipKey(channel.config.slug, grant.clip)}/clip.mp4`;
      const local = media.storage.localPath(key);
      if (local === null) {
        const notFound = { message: 'This clip is not ready or was deleted.', field: 'id' };
        return sendStored(request, reply, media.storage, key, DOWNLOAD, { notFound, headers: { 'content-disposition': attachmentDisposition(grant.name) } });
      }
      file = local;
      if (!(await media.exists(file))) return fail(reply, 404, 'id', 'This clip is not ready or was deleted.');
    } else {
      const event = await app.mediaEventsRepository.find(channel.id, grant.eventId);
      if (!event || event.streamStatus !== 'finished' || !hasMedia(event)) return fail(reply, 404, 'id', 'This event has no recording to download.');
      const made = await ensureEventDownload(media.dir, channel.config.slug, event.id, media.ffmpegPath);
      if (made === null) return fail(reply, 503, 'media', `The on-demand recordings are not prepared. Run: ${PREPARE_MEDIA_COMMAND}`);
      file = made;
    }
    reply.header('content-disposition', attachmentDisposition(grant.name)).header('cache-control', DOWNLOAD).header('x-content-type-options', 'nosniff');
    // @fastify/static's sender: Range (206, 416), If-Range, ETag and Last-Modified.
    return reply.sendFile(basename(file), dirname(file), { cacheControl: false });
  });

  // The playback check's test stream (the site's /simulate): public, like the prerolls.
  app.get<{ Params: { '*': string } }>('/media/check/*', { config: { apiKey: false } }, async (request, reply) => {
    const file = request.params['*'];
    if (!MEDIA_FILE.test(file)) return fail(reply, 404, 'url', 'Not found.');
    const folder = join(media.dir, layout.checkDir);
    if (!(await media.exists(folder))) return fail(reply, 503, 'media', `The playback check's stream is not prepared. Run: ${PREPARE_MEDIA_COMMAND}`);
    // Never kept by the browser: a second check measures the connection again, not the cache.
    return sendMedia(reply, folder, file, 'no-store');
  });

  app.get<{ Params: { '*': string } }>('/media/prerolls/*', { config: { apiKey: false } }, async (request, reply) => {
    const file = request.params['*'];
    if (!MEDIA_FILE.test(file)) return fail(reply, 404, 'url', 'Not found.');
    const folder = join(media.dir, layout.prerollsDir);
    if (!(await media.exists(folder))) return fail(reply, 503, 'media', `The prerolls are not prepared. Run: ${PREPARE_MEDIA_COMMAND}`);
    return sendMedia(reply, folder, file, file.endsWith('.m3u8') ? SHORT : IMMUTABLE);
  });
};

/** A team or school of the channel, with what its crest is drawn from. */
async function crestOwner(app: FastifyInstance, channelId: number, kind: 'teams' | 'schools', id: number) {
  if (kind === 'teams') {
    return app.db.selectFrom('participants').select(['id', 'name', 'alias', 'color']).where('channel_id', '=', channelId).where('id', '=', id).executeTakeFirst();
  }
  return app.db
    .selectFrom('participant_groups as g')
    .select([
      'g.id',
      'g.name',
      'g.alias',
      sql<string | null>`(select p.color from participants p where p.participant_group_id = g.id and p.channel_id = g.channel_id and p.color is not null order by p.id limit 1)`.as('color'),
    ])
    .where('g.channel_id', '=', channelId)
    .where('g.id', '=', id)
    .executeTakeFirst();
}

export default mediaRoutes;
