import { z } from 'zod';

/**
 * An event's live screen in the control room (`/api/console/events/:id/live…`): where a camera or an
 * encoder publishes (Server + Stream key, as encoders name them), the signal's state, its health
 * while live, and the recording once it is over. Read and written by owners and producers only: the
 * stream key lets anyone publish in the channel's name.
 */

/** Where the event's signal is: no camera yet, publishing, lost (within the grace period), being ended, over. */
export const LiveState = z.enum(['idle', 'live', 'lost', 'ending', 'ended']);
export type LiveState = z.infer<typeof LiveState>;

/** What the live screen warns of: a keyframe interval over 2 s, or a bitrate fallen under half the run's usual. */
export const LiveWarning = z.enum(['keyframe_interval', 'bitrate_drop']);
export type LiveWarning = z.infer<typeof LiveWarning>;

/** The keyframe interval (seconds) above which the live screen warns: viewers' delay and the segments grow with it. */
export const LIVE_KEYFRAME_WARNING_S = 2;

export const LiveIngest = z.object({
  /** The `rtmp://` address an encoder publishes to (configuration's, never the request's host). */
  server: z.string(),
  /** This event's secret: the encoder publishes to `server + "/" + streamKey`. */
  streamKey: z.string(),
  /** SRT address when the ingest offers it; null when it does not. */
  srt: z.string().nullable(),
});
export type LiveIngest = z.infer<typeof LiveIngest>;

export const LiveHealth = z.object({
  bitrateKbps: z.number().nullable(),
  fps: z.number().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  keyframeIntervalS: z.number().nullable(),
  audio: z.boolean().nullable(),
  /** Distinct viewers who fetched the stream in the last 30 s. */
  viewers: z.number().int(),
  warnings: z.array(LiveWarning),
  /** ISO 8601. */
  updatedAt: z.string(),
});
export type LiveHealth = z.infer<typeof LiveHealth>;

export const LiveRecording = z.object({
  status: z.enum(['none', 'processing', 'ready']),
  durationS: z.number().nullable(),
  trimStartS: z.number().nullable(),
  trimEndS: z.number().nullable(),
  /** The recording's poster picture, an address the console can show. */
  posterUrl: z.string().nullable(),
});
export type LiveRecording = z.infer<typeof LiveRecording>;

/** `GET /api/console/events/:id/live`, and the answer of its key rotation, end and trim. */
export const ConsoleLive = z.object({
  eventId: z.number().int(),
  state: LiveState,
  ingest: LiveIngest,
  /** When the signal first went live (ISO 8601), or null. */
  since: z.string().nullable(),
  /** When the signal was lost, and when the grace period then ends (ISO 8601), or null. */
  lostAt: z.string().nullable(),
  graceEndsAt: z.string().nullable(),
  /** Null unless a signal is being packaged. */
  health: LiveHealth.nullable(),
  recording: LiveRecording,
});
export type ConsoleLive = z.infer<typeof ConsoleLive>;

/** `POST /api/console/events/:id/recording/trim`: the part of the recording kept, in seconds from its start. */
export const TrimRecordingBody = z.object({ startS: z.number().min(0), endS: z.number().positive() }).strict();
export type TrimRecordingBody = z.input<typeof TrimRecordingBody>;

/** Refusals of the live screen's calls (`{ message, field, code }`). */
export const LIVE_ERROR_CODES = {
  /** The trim's start or end lies outside the recording, or the start is not before the end. */
  trimOutOfRange: 'TRIM_OUT_OF_RANGE',
  /** A trim before the recording is ready. */
  notFinished: 'NOT_FINISHED',
  /** An end of an event with no signal to end. */
  notLive: 'NOT_LIVE',
} as const;
