import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * The notice channel on which the database names the viewers whose favourites changed: `channelId:userId`,
 * or `channelId` alone when a statement changed more than FAVORITES_NOTICE_VIEWERS viewers' (a team removed,
 * a re-seed): every instance then drops the follows it keeps for them.
 */
export const FAVORITES_CHANGED_CHANNEL = 'grandstand_favorites_changed';
/** Beyond this many viewers in one statement, one notice per channel rather than per viewer. */
export const FAVORITES_NOTICE_VIEWERS = 100;

// Kysely<any> on purpose, as every migration: it must not depend on today's typed schema.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Every change to `favorites`, whoever makes it (this instance, another one on the database, a
 * team removed and its favourites with it, an operator by hand), is told on a notice, so every
 * instance may keep viewers' follows in memory and still list a new follow at once (architecture:
 * stateless instances). Statement triggers with transition tables: a bulk change is one notice per
 * viewer (or per channel), not one per row.
 */
export const favoritesChangedNoticeMigration: Migration = {
  async up(db: Kysely<any>) {
    const notify = (rows: 'old_rows' | 'new_rows') => sql.raw(`
      select count(*) into viewers from (select distinct channel_id, user_id from ${rows}) changed;
      if viewers > ${FAVORITES_NOTICE_VIEWERS} then
        perform pg_notify('${FAVORITES_CHANGED_CHANNEL}', changed.channel_id::text) from (select distinct channel_id from ${rows}) changed;
      else
        perform pg_notify('${FAVORITES_CHANGED_CHANNEL}', changed.channel_id || ':' || changed.user_id) from (select distinct channel_id, user_id from ${rows}) changed;
      end if;`);
    await sql`
      create function favorites_changed_notice() returns trigger language plpgsql as $$
      declare viewers integer;
      begin
        if tg_op in ('UPDATE', 'DELETE') then ${notify('old_rows')} end if;
        if tg_op in ('UPDATE', 'INSERT') then ${notify('new_rows')} end if;
        return null;
      end
      $$`.execute(db);
    await sql`create trigger favorites_inserted after insert on favorites referencing new table as new_rows for each statement execute function favorites_changed_notice()`.execute(db);
    await sql`create trigger favorites_updated after update on favorites referencing old table as old_rows new table as new_rows for each statement execute function favorites_changed_notice()`.execute(db);
    await sql`create trigger favorites_deleted after delete on favorites referencing old table as old_rows for each statement execute function favorites_changed_notice()`.execute(db);
  },
  async down(db: Kysely<any>) {
    for (const trigger of ['favorites_inserted', 'favorites_updated', 'favorites_deleted']) await sql`drop trigger if exists ${sql.raw(trigger)} on favorites`.execute(db);
    await sql`drop function if exists favorites_changed_notice()`.execute(db);
  },
};
