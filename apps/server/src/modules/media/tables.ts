import type { Timestamp } from '../../core/db/schema.ts';

/** A preroll hidden for one viewer and subject (migration 0060_preroll_views). */
export interface PrerollViewsTable {
  channel_id: number;
  user_id: number;
  /** `event:<id>` or `vod:<id>`. */
  subject: string;
  preroll_id: number;
  hidden_until: Timestamp;
}

declare module '../../core/db/schema.ts' {
  interface DatabaseSchema {
    preroll_views: PrerollViewsTable;
  }
}
