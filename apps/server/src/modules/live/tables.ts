import type { ColumnType } from 'kysely';

/* The live module's table, added to core's DatabaseSchema below (module augmentation). */

/** Where an event's signal is in its life (modules/live/lifecycle.ts). */
export type LiveState = 'idle' | 'live' | 'lost' | 'ending' | 'ended';

type Timestamp = ColumnType<Date, Date | string, Date | string>;

/** One row per event that has had a stream key (migration 0021). */
export interface LiveStreamsTable {
  event_id: number;
  channel_id: number;
  /** HMAC-SHA256 of the stream key with the app secret: a key is found by it, never stored in clear. */
  key_hash: string;
  /** The key itself, sealed with the app secret: shown again to producers and owners only. */
  key_sealed: string;
  key_rotated_at: Timestamp | null;
  state: ColumnType<LiveState, LiveState | undefined, LiveState>;
  /** nginx's client id of the publisher the ingest accepted; null when none publishes. */
  client_id: string | null;
  publisher_addr: string | null;
  /** When the accepted publisher started (a second one arriving just after is refused). */
  client_since: Timestamp | null;
  started_at: Timestamp | null;
  lost_at: Timestamp | null;
  ended_at: Timestamp | null;
  /** The packaging worker holding the event, and its last heartbeat. */
  packager_id: string | null;
  packager_seen_at: Timestamp | null;
  recording_ready_at: Timestamp | null;
  runs: ColumnType<number, number | undefined, number>;
}

declare module '../../core/db/schema.ts' {
  interface DatabaseSchema {
    live_streams: LiveStreamsTable;
  }
}
