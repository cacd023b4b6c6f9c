/**
 * One row of `events` (`schema.ts`), as ingest builds it: every column, in the table's order, so
 * the appender writes them positionally. `null` is SQL NULL.
 */
export interface EventRow {
  channel: string;
  received_at: Date;
  kind: 'session' | 'event' | 'video' | 'viewing';
  event: string | null;
  session_uuid: string;
  user_id: number | null;
  user_email: string | null;
  origin_url: string | null;
  trk: string | null;
  ip: string | null;
  device_type: string | null;
  user_agent: string | null;
  resolution: string | null;
  platform: string | null;
  video_view_uuid: string | null;
  stream_id: number | null;
  stream_type: string | null;
  stream_title: string | null;
  ttff_ms: number | null;
  viewing_seconds: number | null;
  category: string | null;
  sport: string | null;
  gender: string | null;
  school: string | null;
  league: string | null;
  team: string | null;
  product_type: string | null;
  product_id: number | null;
  product_name: string | null;
  amount: number | null;
  currency: string | null;
  reason: string | null;
  /** Stored as JSON text. */
  extras: Readonly<Record<string, unknown>> | null;
}

/** The columns of `events` in table order, with how each is appended. */
export const COLUMNS = [
  ['channel', 'text'],
  ['received_at', 'timestamp'],
  ['kind', 'text'],
  ['event', 'text'],
  ['session_uuid', 'text'],
  ['user_id', 'bigint'],
  ['user_email', 'text'],
  ['origin_url', 'text'],
  ['trk', 'text'],
  ['ip', 'text'],
  ['device_type', 'text'],
  ['user_agent', 'text'],
  ['resolution', 'text'],
  ['platform', 'text'],
  ['video_view_uuid', 'text'],
  ['stream_id', 'bigint'],
  ['stream_type', 'text'],
  ['stream_title', 'text'],
  ['ttff_ms', 'double'],
  ['viewing_seconds', 'double'],
  ['category', 'text'],
  ['sport', 'text'],
  ['gender', 'text'],
  ['school', 'text'],
  ['league', 'text'],
  ['team', 'text'],
  ['product_type', 'text'],
  ['product_id', 'bigint'],
  ['product_name', 'text'],
  ['amount', 'decimal'],
  ['currency', 'text'],
  ['reason', 'text'],
  ['extras', 'json'],
] as const satisfies readonly (readonly [keyof EventRow, string])[];

/** A row with every optional column NULL: the call's mapping fills in what it has. */
export function emptyRow(fields: Pick<EventRow, 'channel' | 'received_at' | 'kind' | 'session_uuid'> & Partial<EventRow>): EventRow {
  return {
    event: null,
    user_id: null,
    user_email: null,
    origin_url: null,
    trk: null,
    ip: null,
    device_type: null,
    user_agent: null,
    resolution: null,
    platform: null,
    video_view_uuid: null,
    stream_id: null,
    stream_type: null,
    stream_title: null,
    ttff_ms: null,
    viewing_seconds: null,
    category: null,
    sport: null,
    gender: null,
    school: null,
    league: null,
    team: null,
    product_type: null,
    product_id: null,
    product_name: null,
    amount: null,
    currency: null,
    reason: null,
    extras: null,
    ...fields,
  };
}
