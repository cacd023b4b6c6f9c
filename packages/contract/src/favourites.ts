import { z } from 'zod';
import { dataResponse, IdParam } from './common.ts';
import { FavoritableType, StreamStatus } from './enums.ts';
import { FAVORITE_MESSAGES } from './constants.ts';

// The texts live in constants.ts, which carries no schema code: a bundle that needs only a text
// must not evaluate this module (and with it zod).
export { FAVORITE_MESSAGES } from './constants.ts';

/**
 * Favourites (spec §1, §3 Favourite, §5 favourite rules, §7 Favourites calls): a logged-in viewer
 * follows a team (`participant`), a school (`group`) or a sport (`category`), and the channel
 * shows them that team's, school's or sport's games (`/events/favorite`, a private calendar feed).
 */

/** spec §3: the favoritable_type values a call may send, shown as team, school and sport. */
export const FAVORITABLE_TYPES = FavoritableType.options;

/** spec §7 POST /favorite. Following the same thing twice answers the favourite already made. */
export const CreateFavoriteBody = z.object({
  favoritable_id: IdParam,
  favoritable_type: z
    .string({ error: FAVORITE_MESSAGES.typeNotString })
    .pipe(z.enum(FAVORITABLE_TYPES, { error: FAVORITE_MESSAGES.typeNotAllowed })),
});
export type CreateFavoriteBody = z.input<typeof CreateFavoriteBody>;

/** A followed team, school or sport, with what a list needs to show and link it. */
export const Favorite = z.object({
  id: z.number().int(),
  favoritable_id: z.number().int(),
  favoritable_type: FavoritableType,
  name: z.string(),
  alias: z.string().nullable(),
  /** A team's or school's crest (always set for those); null for a sport. */
  crest: z.string().nullable(),
  created_at: z.iso.datetime({ offset: true }),
});
export type Favorite = z.infer<typeof Favorite>;
export const FavoriteResponse = dataResponse(Favorite);
export const FavoritesResponse = dataResponse(z.array(Favorite));

/** An empty query value is dropped, not matched (spec §5: favourite events drop empty filter values). */
const dropEmpty = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/**
 * spec §7 GET /events/favorite: the events of the viewer's teams, of every team of the viewer's
 * schools, and of the viewer's sports (their nested sports included); paged and sorted as /events.
 */
export const FavoriteEventsQuery = z.object({
  stream_status: dropEmpty(StreamStatus),
  start_date: dropEmpty(z.iso.date()),
  end_date: dropEmpty(z.iso.date()),
  offset: dropEmpty(z.coerce.number().int().min(0).max(1_000_000)).transform((value) => value ?? 0),
  limit: dropEmpty(z.coerce.number().int().min(1).max(100)).transform((value) => value ?? 24),
  sort_field: dropEmpty(z.enum(['event_utc_ts', 'name'])).transform((value) => value ?? 'event_utc_ts'),
  /** Default: ascending, except finished events, newest first (as /events). */
  sort_direction: dropEmpty(z.enum(['asc', 'desc'])),
});
export type FavoriteEventsQuery = z.input<typeof FavoriteEventsQuery>;

/**
 * The viewer's private calendar address: an iCalendar feed of their followed teams', schools' and
 * sports' upcoming events, readable without a login by whoever has the address (a phone's
 * calendar subscribes to it once). Renewing it makes the old address answer 404.
 */
export const CalendarFeed = z.object({
  /** The absolute https or http address to subscribe to (built from the channel's public origin). */
  url: z.string(),
  /** The same address with the `webcal:` scheme, which opens a phone's calendar app. */
  webcal_url: z.string(),
});
export type CalendarFeed = z.infer<typeof CalendarFeed>;
export const CalendarFeedResponse = dataResponse(CalendarFeed);
