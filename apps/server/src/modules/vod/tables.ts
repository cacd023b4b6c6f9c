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
  /** The control room's library (migration 0040): `processing` while an upload is transcoded. */
  status: Defaulted<'processing' | 'ready' | 'failed'>;
  progress: Defaulted<number>;
  failure_reason: ColumnType<string | null, string | null | undefined, string | null>;
  /** Viewers see the item from then on (null: never, a draft). */
  published_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** The title and description in the site's other languages: `{ fr: { title, description } }`. */
  translations: ColumnType<Record<string, { title: string; description: string | null }>, string | undefined, string>;
  created_at: ColumnType<Date, never, never>;
}

/** spec §3 Vod rail (migration 0014). */
/** A channel's search vocabulary (migration 0080): written by the database's triggers, read by the search. */
export interface SearchWordsTable {
  channel_id: number;
  word: string;
}

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

/** One resumable upload of the control room (migration 0040), by its tus id. */
export interface LibraryUploadsTable {
  id: string;
  channel_id: number;
  kind: 'video' | 'preroll';
  filename: string;
  size: ColumnType<string | number, number, number>;
  actor_label: string;
  created_at: ColumnType<Date, never, never>;
  touched_at: ColumnType<Date, Date | string | undefined, Date | string>;
  finished_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** The durable transcode queue (migration 0040): one job per finished upload. */
export interface LibraryJobsTable {
  id: Id;
  channel_id: number;
  upload_id: string;
  item_id: number | null;
  preroll_id: number | null;
  claim: string | null;
  lease_until: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  attempts: Defaulted<number>;
  queued_at: ColumnType<Date, never, never>;
  last_error: string | null;
}

declare module '../../core/db/schema.ts' {
  /** An uploaded preroll is transcoded before it plays (migration 0040). */
  interface PrerollsTable {
    title: string | null;
    status: Defaulted<'processing' | 'ready' | 'failed'>;
    progress: Defaulted<number>;
    failure_reason: ColumnType<string | null, string | null | undefined, string | null>;
  }
  interface DatabaseSchema {
    library_uploads: LibraryUploadsTable;
    library_jobs: LibraryJobsTable;
    vod_media_categories: VodMediaCategoriesTable;
    vod_media_items: VodMediaItemsTable;
    vod_rails: VodRailsTable;
    vod_rail_items: VodRailItemsTable;
    search_words: SearchWordsTable;
  }
}
