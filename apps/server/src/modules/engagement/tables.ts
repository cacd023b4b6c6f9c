import type { ColumnType } from 'kysely';
import type { Id, Json, Timestamp } from '../../core/db/schema.ts';

/* Live engagement's tables, added to core's DatabaseSchema below (module augmentation): core lists no module's tables. */

/** An event's poll (src/modules/engagement/migration.ts). */
export interface PollsTable {
  id: Id;
  channel_id: number;
  event_id: number;
  question: string;
  /** The answers' labels, in order: a vote names one by its index. */
  answers: Json<string[]>;
  /** open | closed */
  status: ColumnType<string, string | undefined, string>;
  opened_at: Timestamp;
  /** The operator's label (email or token name), as the audit log shows it. */
  opened_by: string;
  closed_at: Timestamp | null;
}

/** One viewer's vote on a poll: unique per poll and viewer. */
export interface PollVotesTable {
  id: Id;
  poll_id: number;
  user_id: number | null;
  answer: number;
  created_at: Timestamp;
}

/** A popup (spec §7). */
export interface PopupsTable {
  id: Id;
  channel_id: number;
  title: string;
  text: string;
  link: string | null;
  /** visitors | viewers | holders */
  audience: string;
  /** With audience `holders`: package | subscription, and its id. */
  offer_type: string | null;
  offer_id: number | null;
  pages: Json<string[]>;
  starts_at: Timestamp;
  ends_at: Timestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A logged-in viewer's dismissal of a popup. */
export interface PopupDismissalsTable {
  popup_id: number;
  user_id: number;
  dismissed_at: Timestamp;
}

declare module '../../core/db/schema.ts' {
  interface DatabaseSchema {
    polls: PollsTable;
    poll_votes: PollVotesTable;
    popups: PopupsTable;
    popup_dismissals: PopupDismissalsTable;
  }
}
