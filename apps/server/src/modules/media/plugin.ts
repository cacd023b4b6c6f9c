import { randomBytes } from 'node:crypto';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import fp from 'fastify-plugin';
import { repoRoot } from '../../core/paths.ts';
import { type ClipGrant, clipTokens, MEDIA_TOKEN_TTL_SECONDS, type MediaGrant, mediaTokens, type VodGrant, vodTokens } from '../../core/media/token.ts';
import type { DownloadLink } from '@grandstand/contract';
import { type DownloadGrant, downloadTokens, signedClipDownloadUrl, signedEventDownloadUrl } from '../../core/media/download.ts';
import { LocalMediaStorage, type MediaStorage } from '../../core/media/storage/index.ts';

export interface MediaPluginOptions {
  /** The media directory. Default: `<repo>/.data/media`; `serve` passes `MEDIA_DIR`. */
  dir?: string;
  /** Signs stream addresses. Default: a random secret in memory (tests, tools); `serve` passes the stored one. */
  secret?: Uint8Array | string;
  /** The ffmpeg binary (`FFMPEG_PATH`), for pictures made on first request. Default: `ffmpeg` on PATH. */
  ffmpegPath?: string;
  /** Seconds a stream address stays valid (`MEDIA_TOKEN_LIFETIME`, default two minutes). */
  tokenTtlSeconds?: number;
  /** The clock, in UTC seconds (tests move it). */
  now?: () => number;
  /** Where finished media (clips) is put and read (`MEDIA_STORAGE`); default: files under `dir`. */
  storage?: MediaStorage;
}

export interface StreamUrlInput {
  channelId: number;
  eventId: number;
  live: boolean;
  /** The api key id of the session that asked: the address is bound to it. */
  sessionId: number;
}

export interface MediaService {
  /** A signed, expiring address of the event's stream: `/media/s/<token>/events/<eventId>/index.m3u8`. */
  streamUrl(input: StreamUrlInput): string;
  /** The grant of a token, or null when it is malformed, forged or expired. */
  verify(token: string): MediaGrant | null;
  /**
   * A signed, expiring address of an on-demand item's stream: `/media/s/<token>/vod/<itemId>/index.m3u8`
   * (the api hands it only to a viewer who may watch the item, spec §6).
   */
  vodStreamUrl(input: { channelId: number; itemId: number; sessionId: number }): string;
  /** The server's seconds a stream address works from when it is made (`MEDIA_TOKEN_LIFETIME`), where a channel sets none. */
  readonly tokenTtlSeconds: number;
  /**
   * Seconds a channel's stream addresses work from when they are made (its Settings, else the
   * server's): the answer's `expires_in`, since the player renews at half-life.
   */
  tokenTtlOf(channelId: number): number;
  /** The grant of an item's stream token, or null when it is malformed, forged, another purpose's or expired. */
  verifyVod(token: string): VodGrant | null;
  /**
   * A signed, expiring address of a paid or ppv game's clip: `/media/s/<token>/clips/<uuid>/index.m3u8`
   * (the api hands it only to a viewer who may watch the game, src/modules/clips/sharing.ts); a free
   * game's clip keeps its public address.
   */
  clipStreamUrl(input: { channelId: number; uuid: string; sessionId: number }): string;
  /** The grant of a clip's stream token, or null when it is malformed, forged, another purpose's or expired. */
  verifyClip(token: string): ClipGrant | null;
  /**
   * A signed, expiring address of a ready clip's MP4, named after the clip (spec §7 GET
   * /clip/download/{id}: the api checks the viewer, the capability and the count first).
   */
  clipDownload(input: { channelId: number; uuid: string; name: string }): DownloadLink;
  /** The same for an on-demand event's whole recording (spec §7 GET /download-event/{id}). */
  eventDownload(input: { channelId: number; eventId: number; name: string }): DownloadLink;
  /** The grant of a download address's token, or null. */
  verifyDownload(token: string): DownloadGrant | null;
  readonly dir: string;
  /** Where finished media (clips) is put and read: the media dir's files, or a bucket (core/media/storage/). */
  readonly storage: MediaStorage;
  /** The ffmpeg binary (`FFMPEG_PATH`), for pictures made on first request. */
  readonly ffmpegPath: string | undefined;
  exists(path: string): Promise<boolean>;
  /** Counts a stream session fetching a live event's playlist (the live screen's "viewers now"). */
  sawViewer(channelId: number, eventId: number, sessionId: number): void;
  /** Distinct stream sessions that fetched the event's playlist in the last 30 s, on this instance. */
  viewersOf(channelId: number, eventId: number): number;
}

/** A viewer counts as watching for this long after their player last fetched the playlist (it does every second or two). */
export const VIEWER_WINDOW_MS = 30_000;

/**
 * Stream addresses and the live viewers' count, for the media routes (`modules/media/routes.ts`). The token
 * is the authorisation: the api hands an address only to a viewer allowed to watch (spec §2), and
 * the media routes need no api key.
 */
export default fp<MediaPluginOptions>(
  async (app, options) => {
    const secret = options.secret ?? randomBytes(32);
    const tokens = mediaTokens(secret);
    const downloads = downloadTokens(secret);
    const vod = vodTokens(secret);
    const clipStreams = clipTokens(secret);
    const ttl = options.tokenTtlSeconds ?? MEDIA_TOKEN_TTL_SECONDS;
    // Read from the channels registry at each address: an owner's change applies to the next one, on every instance.
    const ttlOf = (channelId: number) => app.channels.byId(channelId)?.config.media?.token_lifetime_seconds ?? ttl;
    const now = options.now ?? (() => Math.floor(Date.now() / 1000));
    const dir = options.dir ?? join(repoRoot, '.data', 'media');
    // Per event: each stream session's last playlist fetch. Players refetch a live playlist every
    // second or two, so the count is of those watching now; a session gone for 30 s is dropped.
    const viewers = new Map<string, Map<number, number>>();
    const viewersOf = (channelId: number, eventId: number) => {
      const sessions = viewers.get(`${channelId}.${eventId}`);
      if (!sessions) return 0;
      const since = Date.now() - VIEWER_WINDOW_MS;
      for (const [session, at] of sessions) if (at < since) sessions.delete(session);
      if (sessions.size === 0) viewers.delete(`${channelId}.${eventId}`);
      return sessions.size;
    };

    const service: MediaService = {
      streamUrl({ channelId, eventId, sessionId }) {
        const token = tokens.sign({ channelId, eventId, sessionId, expiresAt: now() + ttlOf(channelId) });
        return `/media/s/${token}/events/${eventId}/index.m3u8`;
      },
      verify(token) {
        return tokens.verify(token, now());
      },
      vodStreamUrl({ channelId, itemId, sessionId }) {
        return `/media/s/${vod.sign({ channelId, itemId, sessionId, expiresAt: now() + ttlOf(channelId) })}/vod/${itemId}/index.m3u8`;
      },
      tokenTtlSeconds: ttl,
      tokenTtlOf: ttlOf,
      verifyVod: (token) => vod.verify(token, now()),
      clipStreamUrl: ({ channelId, uuid, sessionId }) => `/media/s/${clipStreams.sign({ channelId, uuid, sessionId, expiresAt: now() + ttlOf(channelId) })}/clips/${uuid}/index.m3u8`,
      verifyClip: (token) => clipStreams.verify(token, now()),
      clipDownload: (input) => signedClipDownloadUrl(secret, input, { now: now() }),
      eventDownload: (input) => signedEventDownloadUrl(secret, input, { now: now() }),
      verifyDownload: (token) => downloads.verify(token, now()),
      dir,
      storage: options.storage ?? new LocalMediaStorage(dir),
      ffmpegPath: options.ffmpegPath,
      sawViewer(channelId, eventId, sessionId) {
        const key = `${channelId}.${eventId}`;
        let sessions = viewers.get(key);
        if (!sessions) viewers.set(key, (sessions = new Map()));
        sessions.set(sessionId, Date.now());
        // A forgotten event's sessions go on the next count; a busy one is bounded by its viewers.
        if (sessions.size > 10_000) viewersOf(channelId, eventId);
      },
      viewersOf,
      async exists(path) {
        try {
          await stat(path);
          return true;
        } catch {
          return false;
        }
      },
    };
    app.decorate('media', service);

    const unsubscribe = app.dataChanged.on(() => {
      // A seed, a migration or the signal changed events: statuses read from the cache may be stale.
      app.mediaEventsRepository.clear();
    });
    app.addHook('onClose', async () => unsubscribe());
  },
  { name: 'media', dependencies: ['db', 'buses', 'media-events-repository'] },
);

declare module '../../core/appOptions.ts' {
  interface ModuleOptions {
    /** Media directory, signing secret and ffmpeg; `serve` passes them from `loadConfig().media`. */
    media?: MediaPluginOptions;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Signed stream addresses. */
    media: MediaService;
  }
}
