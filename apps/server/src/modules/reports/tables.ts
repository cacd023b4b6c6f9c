import type { ColumnType } from 'kysely';
import type { Timestamp } from '../../core/db/schema.ts';

/* The reports' tables, added to core's DatabaseSchema below (module augmentation): core lists no module's tables. */

/** A channel's revenue-share settings (migration 0050_report_settings); no row: the defaults. */
export interface ReportSettingsTable {
  channel_id: number;
  /** watch_time | flat */
  share_rule: ColumnType<string, string | undefined, string>;
  /** numeric(5, 2): read as a string on PostgreSQL. */
  share_percent: ColumnType<string | number, number | undefined, number>;
  changed_by: string | null;
  changed_at: Timestamp | null;
}

/** Opens of a clip's share link per UTC day (migration 0051_clip_share_opens). */
export interface ClipShareOpensTable {
  clip_id: number;
  channel_id: number;
  /** A date; read as a Date or a string by engine. */
  day: ColumnType<Date | string, string, string>;
  opens: ColumnType<number, number | undefined, number>;
}

declare module '../../core/db/schema.ts' {
  interface DatabaseSchema {
    report_settings: ReportSettingsTable;
    clip_share_opens: ClipShareOpensTable;
  }
}
