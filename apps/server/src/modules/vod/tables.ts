import type { ColumnType } from 'kysely';
import type { Id, Defaulted } from '../../core/db/schema.ts';

/* The on-demand library tables, added to core's DatabaseSchema below (module augmentation): core lists no module's tables. */

/** spec §3: the on-demand library's categories, in the channel's order (migration 0014). */
export interface VodMediaCategoriesTable {
  id: Id;
  channel_id: number;
  name: string;
  alias: string;
  position: Defaulted<number>;
}

/** spec §3 Vod media item (migration 0014). */
export interface VodMediaItemsTable {
  id: Id;
  channel_id: number;
  /** Its media folder: vod/<channel-slug>/<ref>/. */
  ref: string;
  title: string;
  description: string | null;
  /** A date column (YYYY-MM-DD written); read it with to_char, as drivers turn it into a Date at local midnight. */
  date: ColumnType<unknown, string, string>;
  category_id: number | null;
  access: string;
  duration: number;
  /** Written with SQL (the vod repository's `searchDocument`); never read. */
  search_document: ColumnType<string, string, string>;
  search_title: string;
}

/** spec §3 Vod rail (migration 0014). */
export interface VodRailsTable {
  id: Id;
  channel_id: number;
  title: string;
  position: Defaulted<number>;
}

export interface VodRailItemsTable {
  channel_id: number;
  rail_id: number;
  item_id: number;
  position: number;
}

declare module '../../core/db/schema.ts' {
  interface DatabaseSchema {
    vod_media_categories: VodMediaCategoriesTable;
    vod_media_items: VodMediaItemsTable;
    vod_rails: VodRailsTable;
    vod_rail_items: VodRailItemsTable;
  }
}
