import { createHmac, randomBytes } from 'node:crypto';
import type { FavoritableType } from '@grandstand/contract';
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import { LRUCache } from 'lru-cache';
import { type NoticeSubscription, noticesOf } from '../../core/db/notices.ts';
import type { Database } from '../../core/db/schema.ts';
import { FAVORITES_CHANGED_CHANNEL } from './changedNoticeMigration.ts';
import { calendarTokenHash, newCalendarNonce } from './rules.ts';
import { purposeKey, type Secret } from '../../core/tokens.ts';
import type { Pictures } from '../../core/media/pictures.ts';
import type { Follows } from '../events/repository.ts';

/** A favourite with what a list shows of the followed team, school or sport. */
export interface FavoriteRow {
  id: number;
  favoritable_type: FavoritableType;
  favoritable_id: number;
  name: string;
  alias: string | null;
  /** A team's or school's crest; null for a sport. */
  crest: string | null;
  created_at: Date;
}

/** The foreign key that holds each kind of followed thing (migration 0013). */
const KEY_OF = { participant: 'participant_id', group: 'participant_group_id', category: 'event_category_id' } as const;
/** The table each kind lives in, every one of them the channel's own. */
const TABLE_OF = { participant: 'participants', group: 'participant_groups', category: 'event_categories' } as const;

/**
 * Viewers' favourites and private calendar addresses (spec §3 Favourite, §7 Favourites calls).
 * Every read and write is scoped by the key's channel and the viewer: another channel's team,
 * school or sport cannot be followed, and another viewer's favourite is not found.
 */
export interface FavouritesRepositoryOptions {
  /**
   * Keep each viewer's follows in memory: a favourite events request then reads none of them from
   * the database. Dropped on every change this process makes, and on the database's notice of any
   * other change (`listenForChangedFavorites`), which another instance's writes need: with notices,
   * the cache is trusted only while they are heard (`trustCache`).
   */
  cacheFollows?: boolean;
  /** The app secret (`APP_SECRET`), which calendar addresses are derived from. Default: random in memory (tests, tools). */
  secret?: Secret;
}

export class FavouritesRepository {
  readonly #db: Database;
  readonly #pictures: Pictures;
  readonly #follows: LRUCache<string, Follows> | null;
  readonly #calendarKey: Buffer;
  /** Bumped by every forget: a read that raced a change does not keep what it read. */
  #generation = 0;
  #cacheTrusted = true;

  constructor(db: Database, pictures: Pictures, options: FavouritesRepositoryOptions = {}) {
    this.#db = db;
    this.#pictures = pictures;
    // The TTL bounds what a change made outside the repository (an operator's edit) leaves behind.
    this.#follows = options.cacheFollows ? new LRUCache<string, Follows>({ max: 10_000, ttl: 60_000 }) : null;
    this.#calendarKey = purposeKey(options.secret ?? randomBytes(32), 'calendar-address');
  }

  /** Drops the cached follows of one viewer, of a channel's viewers, or of everyone (null). */
  forget(channelId: number | null, userId?: number): void {
    if (!this.#follows) return;
    this.#generation += 1;
    if (channelId === null) return this.#follows.clear();
    if (userId !== undefined) return void this.#follows.delete(`${channelId}:${userId}`);
    for (const key of [...this.#follows.keys()]) if (key.startsWith(`${channelId}:`)) this.#follows.delete(key);
  }

  /**
   * Whether this cache hears of every change. While it does not (before the notice connection
   * listens, or once it is lost), follows are read from the database every time, and nothing held
   * from before is kept: changes made meanwhile were not heard.
   */
  trustCache(trusted: boolean): void {
    this.#cacheTrusted = trusted;
    this.#generation += 1;
    if (!trusted) this.#follows?.clear();
  }

  /** The viewer's favourites, newest first, each with its team's, school's or sport's name. */
  async list(channelId: number, userId: number, onlyId?: number): Promise<FavoriteRow[]> {
    let query = this.#db
      .selectFrom('favorites as f')
      .leftJoin('participants as p', (j) => j.onRef('p.id', '=', 'f.participant_id').onRef('p.channel_id', '=', 'f.channel_id'))
      .leftJoin('participant_groups as g', (j) => j.onRef('g.id', '=', 'f.participant_group_id').onRef('g.channel_id', '=', 'f.channel_id'))
      .leftJoin('event_categories as c', (j) => j.onRef('c.id', '=', 'f.event_category_id').onRef('c.channel_id', '=', 'f.channel_id'))
      .select([
        'f.id',
        'f.favoritable_type',
        'f.favoritable_id',
        'f.created_at',
        sql<string>`coalesce(p.name, g.name, c.name)`.as('name'),
        sql<string | null>`coalesce(p.alias, g.alias, c.alias)`.as('alias'),
        'p.color as team_color',
        // A school's crest takes the colour of its first team, as the schools list draws it.
        sql<string | null>`(select t.color from participants t where t.participant_group_id = g.id and t.channel_id = g.channel_id and t.color is not null order by t.id limit 1)`.as('school_color'),
      ])
      .where('f.channel_id', '=', channelId)
      .where('f.user_id', '=', userId);
    if (onlyId !== undefined) query = query.where('f.id', '=', onlyId);
    const rows = await query.orderBy('f.created_at', 'desc').orderBy('f.id', 'desc').execute();
    return rows.map((row) => {
      const type = row.favoritable_type as FavoritableType;
      const owner = { id: row.favoritable_id, name: row.name, alias: row.alias };
      const crest =
        type === 'participant'
          ? this.#pictures.crestUrl(channelId, 'teams', { ...owner, color: row.team_color })
          : type === 'group'
            ? this.#pictures.crestUrl(channelId, 'schools', { ...owner, color: row.school_color })
            : null;
      return { id: row.id, favoritable_type: type, favoritable_id: row.favoritable_id, name: row.name, alias: row.alias, crest, created_at: new Date(row.created_at) };
    });
  }

  /** What the viewer follows, as ids (the favourite events' filter and the calendar feed). */
  async follows(channelId: number, userId: number): Promise<Follows> {
    const cache = this.#cacheTrusted ? this.#follows : null;
    const cached = cache?.get(`${channelId}:${userId}`);
    if (cached) return cached;
    const generation = this.#generation;
    const rows = await this.#db.selectFrom('favorites').select(['favoritable_type', 'favoritable_id']).where('channel_id', '=', channelId).where('user_id', '=', userId).execute();
    const of = (type: FavoritableType) => rows.filter((row) => row.favoritable_type === type).map((row) => row.favoritable_id);
    const follows = { participantIds: of('participant'), groupIds: of('group'), categoryIds: of('category') };
    if (generation === this.#generation && this.#cacheTrusted) cache?.set(`${channelId}:${userId}`, follows);
    return follows;
  }

  /**
   * Follows the channel's team, school or sport: the favourite made, or the one already made
   * (idempotent, also for two requests at once: the unique key lets one insert win and the other
   * find its row). Undefined when the channel has no such thing (another channel's is unknown).
   */
  async add(channelId: number, userId: number, type: FavoritableType, id: number): Promise<FavoriteRow | undefined> {
    const key = KEY_OF[type];
    this.forget(channelId, userId);
    // One statement: the thing is read in the channel and the favourite made from it, so a thing
    // of another channel (or none) inserts nothing.
    const inserted = await sql<{ id: number }>`
      insert into favorites (channel_id, user_id, favoritable_type, favoritable_id, ${sql.ref(key)})
      select ${channelId}::int, ${userId}::int, ${type}::text, thing.id, thing.id
        from ${sql.table(TABLE_OF[type])} thing
       where thing.channel_id = ${channelId}::int and thing.id = ${id}::int
      on conflict (channel_id, user_id, favoritable_type, favoritable_id) do nothing
      returning id`
      .execute(this.#db)
      .then((result) => result.rows[0]);
    // Before and after the write: a read that ran meanwhile must not keep the old follows.
    this.forget(channelId, userId);
    const favouriteId =
      inserted?.id ??
      (
        await this.#db
          .selectFrom('favorites')
          .select('id')
          .where('channel_id', '=', channelId)
          .where('user_id', '=', userId)
          .where('favoritable_type', '=', type)
          .where('favoritable_id', '=', id)
          .executeTakeFirst()
      )?.id;
    if (favouriteId === undefined) return undefined;
    return (await this.list(channelId, userId, favouriteId))[0];
  }

  /** Removes the viewer's favourite; false when the viewer has no such favourite (another viewer's included). */
  async remove(channelId: number, userId: number, id: number): Promise<boolean> {
    this.forget(channelId, userId);
    const removed = await this.#db.deleteFrom('favorites').where('channel_id', '=', channelId).where('user_id', '=', userId).where('id', '=', id).returning('id').executeTakeFirst();
    this.forget(channelId, userId);
    return removed !== undefined;
  }

  /**
   * The viewer's calendar secret, made on the first ask (two first asks at once make one). An
   * address made before addresses were derived cannot be shown again: the viewer gets a new one.
   */
  async calendarToken(channelId: number, userId: number): Promise<string> {
    const existing = await this.#calendarRow(channelId, userId);
    if (existing?.nonce) return this.#calendarSecret(channelId, userId, existing.nonce);
    const nonce = newCalendarNonce();
    const token_hash = calendarTokenHash(this.#calendarSecret(channelId, userId, nonce));
    if (existing) {
      // An address made before the hashes: replaced once, whichever of two asks at once gets here first.
      await this.#db.updateTable('favorite_calendars').set({ nonce, token_hash, created_at: new Date() }).where('channel_id', '=', channelId).where('user_id', '=', userId).where('nonce', 'is', null).execute();
    } else {
      await this.#db
        .insertInto('favorite_calendars')
        .values({ user_id: userId, channel_id: channelId, nonce, token_hash })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .execute();
    }
    const made = await this.#calendarRow(channelId, userId);
    if (!made?.nonce) throw new Error('the calendar address was not stored');
    return this.#calendarSecret(channelId, userId, made.nonce);
  }

  /** A new calendar secret for the viewer: the old address is unknown from now on. */
  async renewCalendarToken(channelId: number, userId: number): Promise<string> {
    const nonce = newCalendarNonce();
    const token = this.#calendarSecret(channelId, userId, nonce);
    const token_hash = calendarTokenHash(token);
    await this.#db
      .insertInto('favorite_calendars')
      .values({ user_id: userId, channel_id: channelId, nonce, token_hash })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ nonce, token_hash, created_at: new Date() }))
      .execute();
    return token;
  }

  /** Whose calendar the secret opens, or undefined (unknown, renewed, or the account is gone). */
  async calendarOwner(token: string): Promise<{ channelId: number; userId: number } | undefined> {
    const row = await this.#db
      .selectFrom('favorite_calendars as fc')
      .innerJoin('users as u', (j) => j.onRef('u.id', '=', 'fc.user_id').onRef('u.channel_id', '=', 'fc.channel_id'))
      .select(['fc.channel_id', 'fc.user_id'])
      .where('fc.token_hash', '=', calendarTokenHash(token))
      .where('u.deleted_at', 'is', null)
      .executeTakeFirst();
    return row ? { channelId: row.channel_id, userId: row.user_id } : undefined;
  }

  async #calendarRow(channelId: number, userId: number): Promise<{ nonce: string | null } | undefined> {
    return this.#db.selectFrom('favorite_calendars').select('nonce').where('channel_id', '=', channelId).where('user_id', '=', userId).executeTakeFirst();
  }

  /** The address's secret: the nonce, the viewer and the channel under the app secret's calendar key. */
  #calendarSecret(channelId: number, userId: number, nonce: string): string {
    return createHmac('sha256', this.#calendarKey).update(`${channelId}.${userId}.${nonce}`).digest('base64url');
  }
}

/**
 * Hears the database's notice of every change to favourites (a trigger on `favorites`, migration
 * 0023_favorites_changed_notice), so a follow made through another instance, or a favourite removed
 * with its team, is listed at once here too. Until it listens, and whenever the notice connection
 * is lost, the cached follows are not trusted.
 */
export function listenForChangedFavorites(db: Database, repository: FavouritesRepository, log: { warn(details: object, message: string): void }): NoticeSubscription | null {
  const listen = noticesOf(db);
  if (!listen) return null;
  repository.trustCache(false);
  return listen(FAVORITES_CHANGED_CHANNEL, {
    notice: (payload) => {
      const [channelId, userId] = payload.split(':').map(Number);
      if (!Number.isSafeInteger(channelId)) return;
      repository.forget(channelId!, userId !== undefined && Number.isSafeInteger(userId) ? userId : undefined);
    },
    live: (listening) => repository.trustCache(listening),
    error: (error) => log.warn({ err: error }, "not hearing of other instances' favourites; reading every viewer's follows from the database until the connection is back"),
  });
}

/** `app.favouritesRepository`: built once on the app's database; a seed or migration drops its cached follows, and so does the database's notice of any change to favourites. */
export default fp<{ secret?: Secret }>(
  async (app, options) => {
    const listen = noticesOf(app.db) !== null;
    const { rows } = await sql<{ version: string }>`select version() as version`.execute(app.db);
    const embedded = /emscripten|pglite/i.test(rows[0]?.version ?? '');
    // Without notices (a database handle openDatabase did not open), only the embedded engine, which
    // one process holds, may keep follows: no one else changes them unseen.
    const favourites = new FavouritesRepository(app.db, app.pictures, { cacheFollows: listen || embedded, secret: options.secret });
    app.decorate('favouritesRepository', favourites);
    const unsubscribe = app.dataChanged.on((channelId) => favourites.forget(channelId));
    app.addHook('onClose', async () => unsubscribe());
    const changed = listenForChangedFavorites(app.db, favourites, app.log);
    if (changed) {
      app.addHook('onClose', async () => changed.close());
      // Not fatal: until the notices are heard, every viewer's follows are read from the database.
      await changed.ready;
    }
  },
  { name: 'favourites-repository', dependencies: ['db', 'buses', 'pictures'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    favouritesRepository: FavouritesRepository;
  }
}
