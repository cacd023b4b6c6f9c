import { z } from 'zod';
import { emptyRow, type EventRow } from './storage/row.ts';

/**
 * The bodies of the datalake calls (ANALYTICS-CONTRACT "The calls"; spec §7 "Analytics service"),
 * every field typed and bounded: text capped, numbers finite and ranged, names from closed lists.
 * Fields not listed are ignored (a newer site may send more), never stored.
 */

/** Text of at most `max` characters, without NUL (no store keeps it faithfully). */
const text = (max: number) =>
  z
    .string()
    .max(max, { error: `must be at most ${max} characters` })
    .refine((value) => !value.includes('\u0000'), { error: 'must not contain a NUL character' });
const optionalText = (max: number) => text(max).nullish();

/** An id stored as BIGINT: a positive whole number, or the same in plain digits (ids travel as either). */
const id = z.union([
  z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  z
    .string()
    .regex(/^[1-9][0-9]{0,14}$/, { error: 'must be a positive whole number' })
    .transform(Number),
]);

/** The session hash of `GET /datalake/hash/` (its signature is checked before the body is). */
const sessionHash = z.string().min(1).max(128);

export const EVENT_NAMES = ['login', 'visit_page', 'api_request', 'view_buy_page', 'begin_purchase', 'begin_checkout', 'purchase', 'purchase_success', 'purchase_failed'] as const;
export const VIDEO_EVENTS = ['first_frame', 'start', 'pause', 'seek', 'end', 'error'] as const;
/** An event's stream live or its recording (`vod`), an on-demand library video (`vod_media`), a clip. */
export const STREAM_TYPES = ['live', 'vod', 'vod_media', 'clip'] as const;
export const PRODUCT_TYPES = ['event', 'package', 'subscription'] as const;

/** The largest DECIMAL(12, 2). */
const MAX_AMOUNT = 9_999_999_999.99;
/** `extras` as JSON text at most: a few funnel fields and page details, not a document. */
const MAX_EXTRAS_CHARS = 4096;

/** The funnel fields ingest copies out of `extras` into their columns; each checked when present. */
const FunnelExtras = z.object({
  product_type: z.enum(PRODUCT_TYPES).nullish(),
  product_id: id.nullish(),
  product_name: optionalText(300),
  amount: z.number().min(-MAX_AMOUNT).max(MAX_AMOUNT).nullish(),
  currency: z
    .string()
    .regex(/^[A-Za-z]{3}$/, { error: 'must be a three-letter currency code' })
    .transform((code) => code.toUpperCase())
    .nullish(),
  reason: optionalText(500),
});

const extras = z
  .record(z.string().max(64), z.unknown())
  .refine((value) => Object.keys(value).length <= 50, { error: 'must have at most 50 keys' })
  .refine((value) => JSON.stringify(value).length <= MAX_EXTRAS_CHARS, { error: `must be at most ${MAX_EXTRAS_CHARS} characters as JSON` })
  .refine((value) => !JSON.stringify(value).includes('\\u0000'), { error: 'must not contain a NUL character' })
  .pipe(z.looseObject(FunnelExtras.shape));

const userId = id.nullish();
const trk = optionalText(256);

export const SessionBody = z.object({
  session: sessionHash,
  // An empty address is the site not knowing it: the same as none.
  ip: z.preprocess((value) => (value === '' ? null : value), z.union([z.ipv4(), z.ipv6()], { error: 'must be an IPv4 or IPv6 address' }).nullish()),
  device_type: text(32).min(1),
  user_agent: text(1024),
  resolution: z.string().regex(/^[1-9][0-9]{0,4}x[1-9][0-9]{0,4}$/, { error: 'must be WxH, e.g. 1920x1080' }),
  platform: z.literal('web', { error: 'must be "web"' }),
  trk,
});

export const EventBody = z.object({
  user_id: userId,
  user_email: optionalText(254),
  event: z.enum(EVENT_NAMES, { error: `must be one of ${EVENT_NAMES.join(', ')}` }),
  extras: extras.default({}),
  origin_url: text(2048),
  trk,
});

export const VideoEventBody = z.object({
  user_id: userId,
  video_view_uuid: text(128).min(1),
  stream_id: id,
  stream_type: z.enum(STREAM_TYPES, { error: `must be one of ${STREAM_TYPES.join(', ')}` }),
  stream_title: optionalText(300),
  event: z.enum(VIDEO_EVENTS, { error: `must be one of ${VIDEO_EVENTS.join(', ')}` }).default('first_frame'),
  // An hour at most: anything longer is a stuck player, not a start time.
  ttff_ms: z.number().min(0).max(3_600_000).nullish(),
  reason: optionalText(500),
  origin_url: optionalText(2048),
  trk,
});

const tag = optionalText(200);
export const VideoViewingBody = z.object({
  user_id: userId,
  video_view_uuid: text(128).min(1),
  stream_id: id,
  stream_type: z.enum(STREAM_TYPES, { error: `must be one of ${STREAM_TYPES.join(', ')}` }),
  stream_title: optionalText(300),
  // The player reports watch time in slices of at most five minutes.
  viewing_time: z.number().gt(0, { error: 'must be more than 0 seconds' }).max(300, { error: 'must be at most 300 seconds' }),
  category: tag,
  sport: tag,
  gender: tag,
  school: tag,
  league: tag,
  team: tag,
  trk,
});

export const BATCH_LIMIT = 100;
export const BatchBody = z.object({
  items: z
    .array(
      z.discriminatedUnion(
        'call',
        [
          z.object({ call: z.literal('event'), body: EventBody }),
          z.object({ call: z.literal('video/event'), body: VideoEventBody }),
          z.object({ call: z.literal('video/viewing'), body: VideoViewingBody }),
        ],
        { error: 'must be event, video/event or video/viewing' },
      ),
    )
    .min(1, { error: 'must hold at least one item' })
    .max(BATCH_LIMIT, { error: `must hold at most ${BATCH_LIMIT} items` }),
});

export type SessionBody = z.infer<typeof SessionBody>;
export type EventBody = z.infer<typeof EventBody>;
export type VideoEventBody = z.infer<typeof VideoEventBody>;
export type VideoViewingBody = z.infer<typeof VideoViewingBody>;

/** What every row of a call shares: the channel from the profile key, the session, when it arrived. */
export interface RowContext {
  channel: string;
  session_uuid: string;
  received_at: Date;
}

export function sessionRow(context: RowContext, body: SessionBody, observedIp: string | null): EventRow {
  return emptyRow({
    ...context,
    kind: 'session',
    // The address the site reports, else the one the request came from (behind TRUST_PROXY).
    ip: body.ip ?? observedIp,
    device_type: body.device_type,
    user_agent: body.user_agent,
    resolution: body.resolution,
    platform: body.platform,
    trk: body.trk ?? null,
  });
}

export function eventRow(context: RowContext, body: EventBody): EventRow {
  const { extras } = body;
  return emptyRow({
    ...context,
    kind: 'event',
    event: body.event,
    user_id: body.user_id ?? null,
    user_email: body.user_email ?? null,
    origin_url: body.origin_url,
    trk: body.trk ?? null,
    product_type: extras.product_type ?? null,
    product_id: extras.product_id ?? null,
    product_name: extras.product_name ?? null,
    amount: extras.amount ?? null,
    currency: extras.currency ?? null,
    reason: extras.reason ?? null,
    extras: Object.keys(extras).length > 0 ? extras : null,
  });
}

export function videoEventRow(context: RowContext, body: VideoEventBody): EventRow {
  return emptyRow({
    ...context,
    kind: 'video',
    event: body.event,
    user_id: body.user_id ?? null,
    video_view_uuid: body.video_view_uuid,
    stream_id: body.stream_id,
    stream_type: body.stream_type,
    stream_title: body.stream_title ?? null,
    ttff_ms: body.event === 'first_frame' ? (body.ttff_ms ?? null) : null,
    reason: body.event === 'error' ? (body.reason ?? null) : null,
    origin_url: body.origin_url ?? null,
    trk: body.trk ?? null,
  });
}

export function viewingRow(context: RowContext, body: VideoViewingBody): EventRow {
  return emptyRow({
    ...context,
    kind: 'viewing',
    user_id: body.user_id ?? null,
    video_view_uuid: body.video_view_uuid,
    stream_id: body.stream_id,
    stream_type: body.stream_type,
    stream_title: body.stream_title ?? null,
    viewing_seconds: body.viewing_time,
    category: body.category ?? null,
    sport: body.sport ?? null,
    gender: body.gender ?? null,
    school: body.school ?? null,
    league: body.league ?? null,
    team: body.team ?? null,
    trk: body.trk ?? null,
  });
}
