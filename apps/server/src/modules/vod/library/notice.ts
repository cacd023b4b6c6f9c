import { sql } from 'kysely';
import type { Database } from '../../../core/db/schema.ts';

/** The database's notice of a changed library (payload: the channel id), heard by every instance on the database. */
export const LIBRARY_CHANGED_CHANNEL = 'grandstand_library_changed';

/**
 * Tells every instance, once the transaction commits, that the channel's library changed (an item
 * published, a rail reordered, a preroll ready): each drops its caches (the search's, the
 * settings') as this one does through its own bus (architecture: stateless instances).
 */
export async function noticeLibraryChanged(tx: Database, channelId: number): Promise<void> {
  await sql`select pg_notify(${LIBRARY_CHANGED_CHANNEL}, ${String(channelId)})`.execute(tx);
}
