import { dirname, sep } from 'node:path';
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type ClipMedia, loadClipMedia } from './cutter.ts';
import { removeStaleClipWork } from '../../core/media/clip.ts';
import { layout } from '../../core/media/library.ts';
import { type ClipLimits, DEFAULT_CLIP_LIMITS, storageQuotaBytes } from './limits.ts';
import { ClipQueue, type ClipQueueOptions, DEFAULT_CLIP_WORKERS } from './queue.ts';
import { withClipCounters } from './profile.ts';
import { refuseClip } from './refusal.ts';
import { shareCheck } from './sharing.ts';
import { ClipStorage } from './storage.ts';

/** A clip's file address: its channel and its share id. */
const MEDIA_CLIP = /^\/media\/clips\/([a-z0-9][a-z0-9-]{0,62})\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\//;

export interface ClipsPluginOptions {
  /** Clips cut at once by this process (`CLIP_WORKERS`, default 2); 0: it only queues them, a `cli.ts worker` cuts. */
  workers?: number;
  /**
   * The media part's clip functions. Default: `src/core/media/clip.ts`, imported at start; null (or a
   * build without that module): clips are refused as unavailable.
   */
  media?: ClipMedia | null;
  /** The queue's timings (tests shorten them). */
  queue?: Partial<Pick<ClipQueueOptions, 'leaseMs' | 'limitMs' | 'maxAttempts' | 'pollMs' | 'retryDelayMs'>>;
  /** How long closing the app lets cuts under way finish before handing them back. */
  stopGraceMs?: number;
  /** The server's clip limits (`CLIP_*`, src/modules/clips/limits.ts); tests lower them. */
  limits?: Partial<ClipLimits>;
  /** How long a channel's measured clip folder is trusted (tests: 0, measured at every look). */
  storageTtlMs?: number;
}

export interface ClipsService {
  /** null when this build cannot cut clips. */
  readonly media: ClipMedia | null;
  /** The queue (null without media); it cuts only in a process with workers. */
  readonly queue: ClipQueue | null;
  /** The server's limits, where a channel sets none. */
  readonly limits: ClipLimits;
  /** Each channel's clip files against the disk quota (null without media). */
  readonly storage: ClipStorage | null;
  /** Counts a clip asked for, per client address and per viewer; false once either is spent, the 429 sent. */
  try(request: FastifyRequest, reply: FastifyReply): Promise<boolean>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Viewer clips (modules/clips/): the media part and the queue. */
    clips: ClipsService;
  }
}

/**
 * Viewer clips: the durable queue runs in the server by default (`CLIP_WORKERS` at a time), from
 * when the app is ready until it closes; closing lets cuts under way finish or hands them back.
 */
export default fp<ClipsPluginOptions>(
  async (app, options) => {
    let media = options.media;
    if (media === undefined) {
      media = await loadClipMedia();
    }
    const queue =
      media === null
        ? null
        : new ClipQueue({
            db: app.db,
            media,
            mediaDir: app.media.dir,
            storage: app.media.storage,
            ffmpegPath: app.media.ffmpegPath,
            concurrency: options.workers ?? DEFAULT_CLIP_WORKERS,
            ...options.queue,
            log: { info: (message) => app.log.info(message), warn: (message) => app.log.warn(message) },
          });
    const limits: ClipLimits = { ...DEFAULT_CLIP_LIMITS, ...options.limits };
    const storage =
      media === null
        ? null
        : new ClipStorage({
            db: app.db,
            storage: app.media.storage,
            prefixOf: (slug) => dirname(layout.clipDir(slug, 'any')).split(sep).join('/'),
            quotaBytes: limits.storageQuotaBytes,
            quotaOf: (channelId) => storageQuotaBytes(app.channels.byId(channelId)?.config.clips, limits),
            ttlMs: options.storageTtlMs,
            warn: (message) => app.log.warn(message),
          });
    // Cutting a clip costs an ffmpeg run and megabytes of disk: asked for at most `rateMax` times a
    // window per viewer (one account rotating addresses still stops) and `addressRateMax` per client
    // address and channel (many accounts from one address stop too), counted in the database as
    // the other limits (architecture: stateless instances).
    const byClient = app.createRateLimit({ max: limits.addressRateMax, timeWindow: limits.rateWindowMs, keyGenerator: (request) => `clip|${normalizeIP(request.ip)}|${request.channelId}` });
    const byViewer = app.createRateLimit({ max: limits.rateMax, timeWindow: limits.rateWindowMs, keyGenerator: (request) => `clip-user|${request.channelId}|${request.userId}` });
    const clipTry = async (request: FastifyRequest, reply: FastifyReply) => {
      const results = [await byClient(request), ...(request.userId === null ? [] : [await byViewer(request)])];
      const exceeded = results.find((result) => !result.isAllowed && result.isExceeded);
      if (!exceeded || exceeded.isAllowed) return true;
      reply.header('retry-after', exceeded.ttlInSeconds);
      await refuseClip(reply, 429, 'request', 'tooManyClips');
      return false;
    };
    app.decorate('clips', { media, queue, limits, storage, try: clipTry } satisfies ClipsService);
    // The profile and a new session's answer carry the clip capabilities and what is left of the limits (spec §6).
    app.userAdditions.push((channelId, user) => withClipCounters(app, channelId, user));

    // A clip's files are public (routes/media) while its share link plays: once its maker may no
    // longer watch its paid event (a refund, a lapsed pass) or their account is gone, its stream
    // and poster answer 404 as its link does (src/modules/clips/sharing.ts). A paid or ppv game's clip's
    // HLS is never public (the api hands a signed, short-lived address to a viewer who may watch
    // it): only its poster answers here, for link previews. Looked at before the file is, in the
    // same statements.
    app.addHook('preHandler', async (request, reply) => {
      const match = MEDIA_CLIP.exec(request.url);
      if (!match) return;
      const channel = app.channels.bySlug(match[1]!);
      if (!channel) return;
      const row = await app.db.selectFrom('clips').select(['user_id', 'event_id']).where('channel_id', '=', channel.id).where('uuid', '=', match[2]!).executeTakeFirst();
      if (!row) return;
      const { verdict, signed } = await shareCheck(app.db, { channelId: channel.id, userId: row.user_id, eventId: row.event_id }, channel.config.clips, undefined);
      const poster = request.url.slice(match[0].length).startsWith('poster');
      if (verdict === 'gone' || (signed && !poster)) await refuseClip(reply, 404, 'url', 'clipNotFound');
    });
    app.addHook('onReady', async () => {
      // What a cut left when its process died (a crash, a kill -9) goes before new cuts start.
      if (queue && (options.workers ?? DEFAULT_CLIP_WORKERS) > 0) await removeStaleClipWork(app.media.dir);
      queue?.start();
    });
    app.addHook('onClose', async () => queue?.close({ graceMs: options.stopGraceMs }));
  },
  { name: 'clips', dependencies: ['db', 'media', 'auth-rate-limit', 'users-repository', 'clips-repository'] },
);
