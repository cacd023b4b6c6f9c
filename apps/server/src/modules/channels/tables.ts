import type { ColumnType } from 'kysely';
import type { ChannelConfig } from '@grandstand/contract';
import type { Json } from '../../core/db/schema.ts';

/* The channels' own columns and tables, added to core's schema below (module augmentation): core lists no module's tables. */

type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

/** A custom domain a channel's owner added: the host serves that channel (one channel per host). */
export interface ChannelDomainsTable {
  /** Lower case, no trailing dot. */
  hostname: string;
  channel_id: number;
  created_at: CreatedAt;
}

/** A picture the channel's folder carried (logo, favicon, crests, slide images), by its path in the folder. */
export interface ChannelFilesTable {
  channel_id: number;
  path: string;
  content: Buffer;
  content_type: string;
  sha256: string;
}

declare module '../../core/db/schema.ts' {
  interface ChannelsTable {
    /** The whole validated channel.json (contract `ChannelConfig`); null only for a row no import has reached yet. */
    config: Json<ChannelConfig> | null;
    status: ColumnType<string, string | undefined, string>;
    updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
    /** sha256 of the folder the row was last imported from; null for a channel made in the control room. */
    source_sha256: string | null;
  }
  interface DatabaseSchema {
    channel_domains: ChannelDomainsTable;
    channel_files: ChannelFilesTable;
  }
}
