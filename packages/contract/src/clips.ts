import { z } from 'zod';
import { dataResponse, IdParam } from './common.ts';
import { ClipStatus } from './enums.ts';
import { Event, PageMeta } from './events.ts';
import { Picture } from './pictures.ts';
import { CLIP_MAX_SECONDS, CLIP_MIN_SECONDS, CLIP_NAME_MAX } from './constants.ts';

// The clip rules' plain values live in constants.ts and messages.ts, which carry no schema code: a bundle that
// needs only a message or a limit must not evaluate this module (and with it zod).
export { CLIP_MAX_SECONDS, CLIP_MIN_SECONDS, CLIP_NAME_MAX, CLIP_PROCESSING_LIMIT_MS, LIVE_CLIP_SECONDS } from './constants.ts';
export { CLIP_FAILURES, CLIP_MESSAGES, CLIP_REFUSAL_CODES, CLIP_REFUSALS } from './messages.ts';

/**
 * Viewer clips (spec §3 Clip, §4 clip lifecycle, §5 clip rules, §7 Clips calls). A clip is cut
 * from an event's recording (on demand) or from its live signal's window (live), by a durable job:
 * queued, processing (at most 5 minutes, spec §9), then ready or failed with a reason.
 */

/** A tag a channel offers for its clips (`channels/<slug>/channel.json` `clips.tags`). */
export const ClipTag = z.object({
  id: z.string().regex(/^[a-z0-9-]{1,40}$/),
  name: z.string().min(1).max(40),
});
export type ClipTag = z.infer<typeof ClipTag>;

/**
 * spec §7 POST /clip. `start_time` is in seconds: for an on-demand event, from the start of its
 * recording; for a live event, after `event_utc_ts` on the wall clock (the live signal's program
 * date-time), so a clip of the last 30 s is `live edge time - event_utc_ts - 30`.
 */
export const CreateClipBody = z.object({
  event_id: IdParam,
  name: z.string().max(CLIP_NAME_MAX),
  start_time: z.number().nonnegative().max(10 * 24 * 3600),
  duration: z.number().min(CLIP_MIN_SECONDS).max(CLIP_MAX_SECONDS),
  /** Tag ids of the channel's list; at least one (spec §5 "Please select tag"). */
  tags: z.array(z.string().max(40)).max(5),
});
export type CreateClipBody = z.input<typeof CreateClipBody>;

/** A clip as its owner sees it. Stream, poster and download exist once it is ready. */
export const Clip = z.object({
  id: z.number().int(),
  /** The public id of its share link (`/share/{event_id}/{uuid}`, GET /shared-clip/{uuid}). */
  uuid: z.string().uuid(),
  event_id: z.number().int(),
  name: z.string(),
  start_time: z.number(),
  duration: z.number(),
  tags: z.array(z.string()),
  status: ClipStatus,
  /** Why it failed, in words a viewer can act on; null unless failed. */
  failure_reason: z.string().nullable(),
  /** Whether it was cut from the live signal. */
  live: z.boolean(),
  /** ISO 8601 instants. */
  created_at: z.string(),
  ready_at: z.string().nullable(),
  /**
   * The clip's HLS rendition; null until ready. A free game's clip has a public, static address; a
   * paid or ppv game's (unless the channel shares those publicly) a signed one that works for
   * `stream_expires_in` seconds, for the session that asked, and none for a viewer who may not
   * watch the game (then null, ready or not).
   */
  stream_url: z.string().nullable(),
  /**
   * Seconds `stream_url` works from when it was handed out: the player asks for the clip again at
   * half-life (as for an event's `stream.expires_in`). null for a public address, or no address.
   */
  stream_expires_in: z.number().int().positive().nullable(),
  /** The clip's poster frame; null until ready. */
  poster: Picture.nullable(),
  /** The related event (spec §3 Clip). */
  event: Event,
});
export type Clip = z.infer<typeof Clip>;
export const ClipResponse = dataResponse(Clip);
export type ClipResponse = z.infer<typeof ClipResponse>;

export const ClipsQuery = z.object({
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(24),
});
export type ClipsQuery = z.input<typeof ClipsQuery>;
export const ClipsResponse = z.object({ data: z.array(Clip), meta: PageMeta });
export type ClipsResponse = z.infer<typeof ClipsResponse>;

/** GET /shared-clip/{uuid}: a ready clip for anyone who has its link, without its owner. */
export const SharedClip = Clip.omit({ failure_reason: true }).extend({ status: z.literal('ready'), stream_url: z.string(), poster: Picture });
export type SharedClip = z.infer<typeof SharedClip>;
export const SharedClipResponse = dataResponse(SharedClip);
export const SharedClipParams = z.object({ id: z.string().uuid() });

/**
 * GET /clip/download/{id} and GET /download-event/{id}: a short-lived signed address of the MP4
 * (answered with `Content-Disposition: attachment` and `file_name`). Asking counts one download.
 */
export const DownloadLink = z.object({ url: z.string(), file_name: z.string(), expires_at: z.string() });
export type DownloadLink = z.infer<typeof DownloadLink>;
export const DownloadLinkResponse = dataResponse(DownloadLink);

/**
 * GET /clips/options: what the clip editor offers in this channel, and what this viewer may do
 * (a visitor gets `allowed: false`, reason `login`).
 */
export const ClipOptions = z.object({
  tags: z.array(ClipTag),
  min_duration: z.number(),
  max_duration: z.number(),
  live_seconds: z.number(),
  can_clip: z.boolean(),
  can_download_clip: z.boolean(),
  can_download_event: z.boolean(),
  /** Why the viewer cannot clip: not logged in, the capability missing, their email address not yet confirmed, or no clips left. */
  reason: z.enum(['login', 'capability', 'email', 'limit']).nullable(),
  /** What is left this period (spec §6 counters); null when the channel sets no limit. */
  clips_left: z.number().int().nonnegative().nullable(),
  downloads_left: z.number().int().nonnegative().nullable(),
});
export type ClipOptions = z.infer<typeof ClipOptions>;
export const ClipOptionsResponse = dataResponse(ClipOptions);

/** GET /events/with_clip: the events the viewer has clips of, newest clip first. */
export const EventsWithClipResponse = dataResponse(z.array(Event));
export type EventsWithClipResponse = z.infer<typeof EventsWithClipResponse>;

/**
 * The clip settings of a channel folder (`channel.json` `clips`): its tag list, the capabilities
 * every logged-in viewer gets, and the limits per viewer (clips held at once, seconds clipped and
 * downloads per day; a limit not set here takes the server's default). A shared clip of a paid or
 * ppv event plays only for viewers who may watch the event unless `public_paid_shares` is true,
 * and only `shares_per_event` clips of one event per viewer play from their share links.
 */
export const ChannelClipsConfig = z.object({
  tags: z.array(ClipTag).min(1).max(30),
  grant: z.array(z.enum(['clipping', 'download_clip', 'download'])).default(['clipping', 'download_clip']),
  limits: z
    .object({
      clips: z.number().int().positive().optional(),
      seconds_per_day: z.number().int().positive().optional(),
      downloads: z.number().int().positive().optional(),
    })
    .default({}),
  public_paid_shares: z.boolean().default(false),
  shares_per_event: z.number().int().positive().max(1000).default(5),
  /** MiB of clip files the channel keeps on disk (past it new clips are refused); unset: the server's `CLIP_STORAGE_QUOTA_MB`. */
  storage_quota_mb: z.number().int().positive().max(1_048_576).optional(),
});
export type ChannelClipsConfig = z.infer<typeof ChannelClipsConfig>;
