import type { Id, Timestamp } from '../../core/db/schema.ts';

/* The favourites tables, added to core's DatabaseSchema below (module augmentation): core lists no module's tables. */

/**
 * spec §3 Favourite: a viewer follows a team, a school or a sport (src/modules/favourites/migration.ts).
 * Exactly the key of its kind is set, equal to favoritable_id.
 */
export interface FavoritesTable {
  id: Id;
  channel_id: number;
  user_id: number;
  /** participant | group | category */
  favoritable_type: string;
  favoritable_id: number;
  participant_id: number | null;
  participant_group_id: number | null;
  event_category_id: number | null;
  created_at: Timestamp;
}

/** A viewer's private calendar address: the secret of `/calendar/{token}.ics`, one per viewer. */
export interface FavoriteCalendarsTable {
  user_id: number;
  channel_id: number;
  /** SHA-256 (hex) of the calendar address's secret: the table never holds the address. */
  token_hash: string;
  /** What the address is derived from with the app secret; null for an address made before (shown no more, renewed on the next ask). */
  nonce: string | null;
  created_at: Timestamp;
}

declare module '../../core/db/schema.ts' {
  interface DatabaseSchema {
    favorites: FavoritesTable;
    favorite_calendars: FavoriteCalendarsTable;
  }
}
