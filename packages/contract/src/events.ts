import { z } from 'zod';
import { dataResponse, IdParam } from './common.ts';
import { AccessType, Gender, StreamStatus } from './enums.ts';
import { Preroll } from './channel.ts';
import { Picture } from './pictures.ts';

export const EventParticipant = z.object({
  id: z.number().int(),
  name: z.string(),
  short_name: z.string().nullable(),
  color: z.string().nullable(),
  /** 'home' or 'away': two entries make an "away @ home" title (spec §3). */
  side: z.enum(['home', 'away']),
});
export type EventParticipant = z.infer<typeof EventParticipant>;

/** spec §3: an event. Times are UTC seconds shown in the event's own time zone. */
export const Event = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.enum(['paid', 'other']),
  access_type: AccessType,
  participants: z.array(EventParticipant),
  event_utc_ts: z.number().int(),
  /** When the event ends (UTC seconds): the end of a live window, the length of a recording. */
  end_utc_ts: z.number().int(),
  time_zone: z.string(),
  event_category_id: z.number().int().nullable(),
  location_id: z.number().int().nullable(),
  base_price: z.number().nonnegative(),
  service_fee: z.number().nonnegative(),
  /** Whether the viewer making the call may watch it (spec §6 access kinds). */
  has_access: z.boolean(),
  stream_status: StreamStatus,
  image: z.string().nullable(),
  /** The event's picture: a poster frame, a live thumbnail or a drawn card; always set. */
  picture: Picture,
  /** The channel called it off: it stays listed, marked, and cannot be watched or bought. The server always says (false when not). */
  cancelled: z.boolean().optional(),
});
export type Event = z.infer<typeof Event>;

const optionalText = z.string().trim().min(1).max(100).optional();

/**
 * spec §7 GET /events (filters): stream status, the query keys of spec §3 (school, team, sport as
 * an alias, name or id), the filter keys (gender, sport, city, state), a location, a date range,
 * paging and sort. Unknown values narrow to nothing; bad types are a 400 naming the field.
 */
export const EventsQuery = z.object({
  stream_status: StreamStatus.optional(),
  school: optionalText,
  team: optionalText,
  sport: optionalText,
  event_category_id: IdParam.optional(),
  participant_id: IdParam.optional(),
  location: IdParam.optional(),
  gender: Gender.optional(),
  city: optionalText,
  state: optionalText,
  search: optionalText,
  /** ISO dates (YYYY-MM-DD) in UTC: events starting on or after start_date, before end_date + 1 day. */
  start_date: z.iso.date().optional(),
  end_date: z.iso.date().optional(),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(24),
  sort_field: z.enum(['event_utc_ts', 'name']).default('event_utc_ts'),
  /** Default: ascending, except finished events, newest first. */
  sort_direction: z.enum(['asc', 'desc']).optional(),
});
export type EventsQuery = z.input<typeof EventsQuery>;

export const PageMeta = z.object({ total: z.number().int().nonnegative(), offset: z.number().int(), limit: z.number().int() });
export type PageMeta = z.infer<typeof PageMeta>;
export const EventsResponse = z.object({ data: z.array(Event), meta: PageMeta });
export type EventsResponse = z.infer<typeof EventsResponse>;
export const EventsForHomepageResponse = dataResponse(z.array(Event));

/**
 * What stands between a viewer and an event (spec §2 watch screen): the options the access panel
 * offers. `geo_blocked` shows "We're sorry, but this content is not available in your region."
 */
export const AccessOption = z.enum(['register_free', 'login', 'buy_event', 'buy_price', 'get_free']);
export type AccessOption = z.infer<typeof AccessOption>;
/**
 * A refusal of the viewer themselves, whatever the event: `viewer_suspended` (the channel's support
 * suspended the account). The site says so in its own words, with support's reason.
 */
export const AccessRefusal = z.object({ code: z.literal('viewer_suspended'), message: z.string(), reason: z.string().nullable() });
export type AccessRefusal = z.infer<typeof AccessRefusal>;
export const EventAccess = z.object({
  allowed: z.boolean(),
  geo_blocked: z.boolean(),
  options: z.array(AccessOption),
  refusal: AccessRefusal.optional(),
});
export type EventAccess = z.infer<typeof EventAccess>;

/**
 * A stream address, given only to a viewer allowed to watch an event that has started. It works for
 * `expires_in` seconds and for the session that asked for it: the player asks for the next one at
 * half-life, which the server gives only while the viewer may still watch.
 */
export const EventStream = z.object({
  url: z.string(),
  kind: z.literal('hls'),
  live: z.boolean(),
  expires_in: z.number().int().positive(),
  /**
   * The prerolls that may play before this stream for this viewer (spec §4), chosen by the server:
   * for its kind (live or on demand), place and sports, without those hidden for this viewer and
   * subject, and none at all for a viewer holding `no_ads` (spec §6). The player picks one by weight.
   */
  prerolls: z.array(Preroll).optional(),
});
export type EventStream = z.infer<typeof EventStream>;

/** Where a live event's camera is (`EventDetail.live_signal`). */
export const LiveSignal = z.enum(['waiting', 'on', 'lost']);
export type LiveSignal = z.infer<typeof LiveSignal>;

export const EventDetail = Event.extend({
  description: z.string().nullable(),
  category: z.object({ id: z.number().int(), name: z.string(), alias: z.string().nullable() }).nullable(),
  location: z.object({ id: z.number().int(), name: z.string(), city: z.string().nullable(), state: z.string().nullable() }).nullable(),
  access: EventAccess,
  stream: EventStream.nullable(),
  /** false: the channel turned the prerolls off for this event (the player plays none). The server always says. */
  prerolls: z.boolean().optional(),
  /**
   * A live event's camera: `waiting` (none has published yet), `on` (publishing), `lost` (gone, within
   * the grace period it has to come back). Absent on an event that is not live.
   */
  live_signal: LiveSignal.optional(),
});
export type EventDetail = z.infer<typeof EventDetail>;
export const EventDetailResponse = dataResponse(EventDetail);
