import type { ColumnType } from 'kysely';
import type { Id, Json, Timestamp, Defaulted } from '../../core/db/schema.ts';

/* The clips tables, added to core's DatabaseSchema below (module augmentation): core lists no module's tables. */

/** spec §3 Clip: cut from an event by a viewer (modules/clips/); its files live under the media dir by `uuid`. */
export interface ClipsTable {
  id: Id;
  channel_id: number;
  user_id: number | null;
  event_id: number;
  /** The share id (`/share/{event_id}/{uuid}`); made by the database. */
  uuid: ColumnType<string, string | undefined, never>;
  name: string;
  /** On demand: seconds from the start of the recording; live: seconds after the event's event_utc_ts. */
  start_time: number;
  duration: number;
  tags: Json<string[]>;
  /** spec §4: queued | processing | ready | failed */
  status: string;
  failure_reason: string | null;
  live: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Timestamp;
  ready_at: Timestamp | null;
}

/** A clip still to cut: the durable queue (src/modules/clips/queue.ts), one row per clip until it is settled. */
export interface ClipJobsTable {
  id: Id;
  clip_id: number;
  channel_id: number;
  attempts: Defaulted<number>;
  /** The claim of the process cutting it now (random per attempt); null while queued. */
  claim: string | null;
  /** The claim lapses at this time: a crashed process's job is claimed again after it. */
  lease_until: Timestamp | null;
  last_error: string | null;
  queued_at: Timestamp;
}

/** One download of a clip or of a whole recording (spec §6: downloads per viewer and day). */
export interface ClipDownloadsTable {
  id: Id;
  channel_id: number;
  user_id: number;
  /** clip | event */
  kind: string;
  clip_id: number | null;
  event_id: number | null;
  created_at: Timestamp;
}

/** Seconds of clips a viewer asked for (src/modules/clips/abuseMigration.ts): the daily clip time. */
export interface ClipRequestsTable {
  id: Id;
  channel_id: number;
  user_id: number;
  seconds: number;
  created_at: Timestamp;
}

declare module '../../core/db/schema.ts' {
  interface DatabaseSchema {
    clips: ClipsTable;
    clip_jobs: ClipJobsTable;
    clip_downloads: ClipDownloadsTable;
    clip_requests: ClipRequestsTable;
  }
}
