import { z } from 'zod';
import { AccessType, StreamStatus } from './enums.ts';

export const EventParticipant = z.object({
  id: z.number().int(),
  name: z.string(),
  short_name: z.string().nullable(),
  /** 'home' or 'away': two entries make an "away @ home" title (spec §3). */
  side: z.enum(['home', 'away']),
});

/** spec §3: an event. Times are UTC seconds shown in the event's own time zone. */
export const Event = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.enum(['paid', 'other']),
  access_type: AccessType,
  participants: z.array(EventParticipant),
  event_utc_ts: z.number().int(),
  time_zone: z.string(),
  event_category_id: z.number().int().nullable(),
  location_id: z.number().int().nullable(),
  base_price: z.number().nonnegative(),
  service_fee: z.number().nonnegative(),
  has_access: z.boolean(),
  stream_status: StreamStatus,
  image: z.string().nullable(),
});
export type Event = z.infer<typeof Event>;
