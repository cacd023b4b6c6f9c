import fp from 'fastify-plugin';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Database } from '../../core/db/schema.ts';
import { nameVectorSql, type SEARCH_LANGUAGES } from './migration.ts';
import { type TolerantWord, tolerantWords, Vocabulary } from './typos.ts';

type SearchLanguage = (typeof SEARCH_LANGUAGES)[number];

/** Events, teams and schools: each group's best are taken from at most this many matches. */
export const SEARCH_CANDIDATES = 500;
/** The videos' total counts at most this many matches (the pages a viewer goes through). */
export const SEARCH_COUNT_CAP = 1000;


/**
 * What viewers see of the library (spec §3): an item that is ready (an upload being transcoded, or
 * whose transcode failed, is not) and whose publish date has come (a draft has none).
 */
function visibleSql(alias: 'i') {
  return sql<SqlBool>`${sql.ref(`${alias}.status`)} = 'ready' and ${sql.ref(`${alias}.published_at`)} <= now()`;
}

/** An item as the library reads it: its category joined, its date as YYYY-MM-DD. */
export interface VodItemRow {
  id: number;
  ref: string;
  title: string;
  description: string | null;
  date: string;
  duration: number;
  access: 'free' | 'registered' | 'vod_media';
  category_id: number | null;
  category_name: string | null;
  category_alias: string | null;
}

export interface VodCategoryRow {
  id: number;
  name: string;
  alias: string;
}

export interface VodRailRow {
  id: number;
  title: string;
  items: VodItemRow[];
}

/** A team or school found by a search, with what its crest is drawn from. */
export interface NamedRow {
  id: number;
  name: string;
  alias: string | null;
  color: string | null;
}

export interface VodSearchInput {
  language: SearchLanguage;
  words: string;
  offset: number;
  limit: number;
  sortField: 'date' | 'relevance';
}

export interface VodSearchRows {
  videos: VodItemRow[];
  /** How many videos match in all (the pages' total). */
  total: number;
  eventIds: number[];
  teams: NamedRow[];
  schools: NamedRow[];
}

/** One of the viewer's bought passes that grants `vod_media`, with what says whether it still runs. */
export interface VodPassRow {
  type: string;
  activity_status: string;
  expires_at: Date | null;
  sub_status: string | null;
  current_period_end: Date | null;
}

/**
 * The on-demand library's reads (spec §3, §7 Vod calls). Every query is scoped by the key's
 * channel: another channel's item, category or rail is not found.
 */
export class VodRepository {
  readonly #db: Database;
  /** Per channel, its search vocabulary (modules/vod/typos.ts), read when a search first needs it. */
  readonly #vocabularies = new Map<number, Promise<Vocabulary>>();

  constructor(db: Database) {
    this.#db = db;
  }

  #items() {
    return this.#db
      .selectFrom('vod_media_items as i')
      .leftJoin('vod_media_categories as c', (j) => j.onRef('c.id', '=', 'i.category_id').onRef('c.channel_id', '=', 'i.channel_id'))
      .select([
        'i.id',
        'i.ref',
        'i.title',
        'i.description',
        sql<string>`to_char(i.date, 'YYYY-MM-DD')`.as('date'),
        'i.duration',
        sql<VodItemRow['access']>`i.access`.as('access'),
        'i.category_id',
        'c.name as category_name',
        'c.alias as category_alias',
      ])
      .where(visibleSql('i'));
  }

  /** spec §7 GET vod-media-categories: in the channel's order. */
  async categories(channelId: number): Promise<VodCategoryRow[]> {
    return this.#db.selectFrom('vod_media_categories').select(['id', 'name', 'alias']).where('channel_id', '=', channelId).orderBy('position').orderBy('id').execute();
  }

  /** spec §7 GET vod-media-items: newest first, of one category when asked; with the total. */
  async items(channelId: number, page: { categoryId?: number; offset: number; limit: number }): Promise<{ rows: VodItemRow[]; total: number }> {
    let rows = this.#items().where('i.channel_id', '=', channelId);
    let count = this.#db.selectFrom('vod_media_items as i').select((eb) => eb.fn.countAll<string>().as('n')).where('i.channel_id', '=', channelId).where(visibleSql('i'));
    if (page.categoryId !== undefined) {
      rows = rows.where('i.category_id', '=', page.categoryId);
      count = count.where('i.category_id', '=', page.categoryId);
    }
    const [found, total] = await Promise.all([
      rows.orderBy('i.date', 'desc').orderBy('i.id', 'desc').offset(page.offset).limit(page.limit).execute(),
      count.executeTakeFirstOrThrow(),
    ]);
    return { rows: found, total: Number(total.n) };
  }

  /** One item of the channel, or undefined (unknown, or another channel's). */
  async item(channelId: number, id: number): Promise<VodItemRow | undefined> {
    return this.#items().where('i.channel_id', '=', channelId).where('i.id', '=', id).executeTakeFirst();
  }

  /** Whether the channel has an item of this ref (its public files are served only then). */
  async hasRef(channelId: number, ref: string): Promise<boolean> {
    return (await this.#db.selectFrom('vod_media_items as i').select('i.id').where('i.channel_id', '=', channelId).where('i.ref', '=', ref).where(visibleSql('i')).executeTakeFirst()) !== undefined;
  }

  /** The item's media folder name, or undefined (unknown, or another channel's). */
  async refOf(channelId: number, id: number): Promise<string | undefined> {
    return (await this.#db.selectFrom('vod_media_items as i').select('i.ref').where('i.channel_id', '=', channelId).where('i.id', '=', id).where(visibleSql('i')).executeTakeFirst())?.ref;
  }

  /** spec §7 GET vod-media-rails: the rails in order, each with its items in order. */
  async rails(channelId: number): Promise<VodRailRow[]> {
    const [rails, items] = await Promise.all([
      this.#db.selectFrom('vod_rails').select(['id', 'title']).where('channel_id', '=', channelId).orderBy('position').orderBy('id').execute(),
      this.#items()
        .innerJoin('vod_rail_items as ri', (j) => j.onRef('ri.item_id', '=', 'i.id').onRef('ri.channel_id', '=', 'i.channel_id'))
        .select(['ri.rail_id', 'ri.position'])
        .where('i.channel_id', '=', channelId)
        .orderBy('ri.rail_id')
        .orderBy('ri.position')
        .execute(),
    ]);
    return rails.map((rail) => ({ id: rail.id, title: rail.title, items: items.filter((item) => item.rail_id === rail.id).map(({ rail_id: _r, position: _p, ...item }) => item) }));
  }

  /**
   * The channel's search vocabulary (modules/vod/typos.ts): the distinct folded words of its videos'
   * titles and descriptions and of its events', teams' and schools' names, which the database keeps
   * as rows are written (`search_words`, migration 0080). Read once, kept until the channel's data
   * changes (`forgetVocabulary`). Drafts and unpublished events count too: a correction only widens
   * the search, what it finds is still what viewers may see.
   */
  vocabulary(channelId: number): Promise<Vocabulary> {
    let loading = this.#vocabularies.get(channelId);
    if (!loading) {
      const pending = this.#db
        .selectFrom('search_words')
        .select('word')
        .where('channel_id', '=', channelId)
        .execute()
        .then((rows) => new Vocabulary(rows.map((row) => row.word)));
      loading = pending;
      this.#vocabularies.set(channelId, pending);
      // A failed read is not kept: the next search reads again.
      pending.catch(() => {
        if (this.#vocabularies.get(channelId) === pending) this.#vocabularies.delete(channelId);
      });
    }
    return loading;
  }

  /** Drops the vocabulary of a channel whose data changed (of every channel: null). */
  forgetVocabulary(channelId: number | null): void {
    if (channelId === null) this.#vocabularies.clear();
    else this.#vocabularies.delete(channelId);
  }

  /**
   * spec §7 GET vod-media/search: the channel's items, events, teams and schools matching the
   * words, language-aware (the channel's stemming, accents folded). Without words (spec §5
   * defaults), the newest videos. A group the words as typed find nothing in is searched again
   * with each word or its corrections (modules/vod/typos.ts: one typo in a word of 5 to 8 letters,
   * two in a longer one), as Typesense does by default; each condition has its GIN index
   * (src/modules/vod/migration.ts). Videos: titles matching first (spec §5 search), then the newest
   * (`date`, the default) or the best (`relevance`, then the newest). The cost of a word found
   * everywhere is bounded: events, teams and schools take their best of the first
   * SEARCH_CANDIDATES matches, and the videos' total counts up to SEARCH_COUNT_CAP.
   */
  async search(channelId: number, input: VodSearchInput): Promise<VodSearchRows> {
    // A dash standing alone between words is punctuation, as in a team's name ("Aigles de Mirabel –
    // Basketball masculin"): to websearch_to_tsquery a "-" before a word excludes it, so the name
    // typed whole found nothing. A dash joined to a word ("-final") still excludes it.
    const phrase = input.words.replace(/(^|\s)\p{Pd}+(?=\s|$)/gu, ' ');
    if (phrase.trim() === '') {
      const newest = await this.items(channelId, { offset: input.offset, limit: input.limit });
      return { videos: newest.rows, total: newest.total, eventIds: [], teams: [], schools: [] };
    }
    const config = sql.lit(input.language);
    const typed = sql`websearch_to_tsquery(${config}::regconfig, grandstand_fold(${phrase}::text))`;
    // Each word or one of its corrections, every word: the corrections stemmed as typed words are.
    const tsquery = (word: string) => sql`websearch_to_tsquery(${config}::regconfig, ${word}::text)`;
    const tolerantQuery = (words: readonly TolerantWord[]) =>
      sql`(${sql.join(
        words.map((word) => sql`(${sql.join([word.typed, ...word.corrections].map(tsquery), sql` || `)})`),
        sql` && `,
      )})`;
    /** The query of a search: the words as typed, or (tolerant) with their corrections; null when no word has one. */
    let corrected: Promise<RawBuilder<unknown> | null> | undefined;
    const queryOf = (exact: boolean): Promise<RawBuilder<unknown> | null> => {
      if (exact) return Promise.resolve(typed);
      corrected ??= this.vocabulary(channelId).then((vocabulary) => {
        const words = tolerantWords(phrase, vocabulary);
        return words.some((word) => word.corrections.length > 0) ? tolerantQuery(words) : null;
      });
      return corrected;
    };

    const videos = async (exact: boolean) => {
      const query = await queryOf(exact);
      if (query === null) return { found: [], total: 0 };
      const match = sql<SqlBool>`i.search_document @@ ${query}`;
      let rows = this.#items().where('i.channel_id', '=', channelId).where(match);
      // The title's own words are the document's weight A: no parsing again per row.
      rows = rows.orderBy(sql`ts_filter(i.search_document, '{a}') @@ ${query}`, 'desc');
      const score = sql`ts_rank(i.search_document, ${query})`;
      rows = input.sortField === 'relevance' ? rows.orderBy(score, 'desc').orderBy('i.date', 'desc') : rows.orderBy('i.date', 'desc');
      const found = await rows.orderBy('i.id', 'desc').offset(input.offset).limit(input.limit).execute();
      // The total needs a count only when this page does not tell it (a full page, or past the end).
      let total = input.offset + found.length;
      if (found.length === input.limit || (found.length === 0 && input.offset > 0)) {
        const counted = await this.#db
          .selectFrom(this.#db.selectFrom('vod_media_items as i').select('i.id').where('i.channel_id', '=', channelId).where(visibleSql('i')).where(match).limit(SEARCH_COUNT_CAP).as('m'))
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow();
        // Past the end, the count alone; on a full page, at least what this page shows.
        total = found.length === 0 ? Number(counted.n) : Math.max(total, Number(counted.n));
      }
      return { found, total };
    };

    const named = async <T>(table: 'events' | 'participants' | 'participant_groups', exact: boolean, pick: (match: RawBuilder<SqlBool>, score: RawBuilder<number>) => Promise<T[]>) => {
      const query = await queryOf(exact);
      if (query === null) return [];
      const vector = sql.raw(nameVectorSql(input.language, `${table}.name`));
      return pick(sql<SqlBool>`${vector} @@ ${query}`, sql<number>`ts_rank(${vector}, ${query})`);
    };
    const events = (exact: boolean) =>
      named('events', exact, async (match, score) => {
        const candidates = this.#db
          .selectFrom('events')
          .select(['events.id', 'events.event_utc_ts', score.as('score')])
          .where('events.channel_id', '=', channelId)
          // Viewers find only what the channel published (modules/schedule).
          .where('events.published', '=', true)
          .where(match)
          .limit(SEARCH_CANDIDATES)
          .as('c');
        const rows = await this.#db
          .selectFrom(candidates)
          .select('c.id')
          .orderBy(input.sortField === 'relevance' ? 'c.score' : 'c.event_utc_ts', 'desc')
          .orderBy('c.id', 'desc')
          .limit(input.limit)
          .execute();
        return rows.map((row) => row.id);
      });
    const teams = (exact: boolean) =>
      named('participants', exact, async (match, score) => {
        const candidates = this.#db
          .selectFrom('participants')
          .select(['participants.id', 'participants.name', 'participants.alias', 'participants.color', score.as('score')])
          .where('participants.channel_id', '=', channelId)
          .where(match)
          .limit(SEARCH_CANDIDATES)
          .as('c');
        return this.#db.selectFrom(candidates).select(['c.id', 'c.name', 'c.alias', 'c.color']).orderBy('c.score', 'desc').orderBy('c.name').limit(input.limit).execute();
      });
    const schools = (exact: boolean) =>
      named('participant_groups', exact, async (match, score) => {
        const candidates = this.#db
          .selectFrom('participant_groups')
          .select(['participant_groups.id', 'participant_groups.name', 'participant_groups.alias', 'participant_groups.channel_id', score.as('score')])
          .where('participant_groups.channel_id', '=', channelId)
          .where(match)
          .limit(SEARCH_CANDIDATES)
          .as('c');
        return this.#db
          .selectFrom(candidates)
          .select([
            'c.id',
            'c.name',
            'c.alias',
            // A school's crest takes the colour of its first team, as the schools list draws it.
            sql<string | null>`(select p.color from participants p where p.participant_group_id = c.id and p.channel_id = c.channel_id and p.color is not null order by p.id limit 1)`.as('color'),
          ])
          .orderBy('c.score', 'desc')
          .orderBy('c.name')
          .limit(input.limit)
          .execute();
      });

    /** The words as typed; when they find nothing, with their corrections (when a word has some). */
    const tolerant = async <T>(search: (exact: boolean) => Promise<T>, empty: (found: T) => boolean): Promise<T> => {
      const found = await search(true);
      return empty(found) ? search(false) : found;
    };
    const [video, eventIds, teamRows, schoolRows] = await Promise.all([
      tolerant(videos, (v) => v.total === 0),
      tolerant(events, (rows) => rows.length === 0),
      tolerant(teams, (rows) => rows.length === 0),
      tolerant(schools, (rows) => rows.length === 0),
    ]);
    return { videos: video.found, total: video.total, eventIds, teams: teamRows, schools: schoolRows };
  }

  /** The viewer's bought passes (packages, subscriptions) that grant `vod_media`, running or ended. */
  async vodPasses(channelId: number, userId: number): Promise<VodPassRow[]> {
    return this.#db
      .selectFrom('orders as o')
      .leftJoin('packages as p', (j) => j.onRef('p.id', '=', 'o.product_id').onRef('p.channel_id', '=', 'o.channel_id').on('o.type', '=', 'package'))
      .leftJoin('subscriptions as s', (j) => j.onRef('s.id', '=', 'o.product_id').onRef('s.channel_id', '=', 'o.channel_id').on('o.type', '=', 'subscription'))
      .select(['o.type', 'o.activity_status', 'o.expires_at', 'o.sub_status', 'o.current_period_end'])
      .where('o.channel_id', '=', channelId)
      .where('o.user_id', '=', userId)
      .where('o.status', '=', 'paid')
      .where('o.type', 'in', ['package', 'subscription'])
      .where(sql<SqlBool>`coalesce(p.capabilities, s.capabilities) @> '["vod_media"]'::jsonb`)
      .execute();
  }
}

/** `app.vodRepository`: built once on the app's database. */
export default fp(
  async (app) => {
    const repository = new VodRepository(app.db);
    app.decorate('vodRepository', repository);
    const unsubscribe = app.dataChanged.on((channelId) => repository.forgetVocabulary(channelId));
    app.addHook('onClose', async () => unsubscribe());
  },
  { name: 'vod-repository', dependencies: ['db', 'buses'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    vodRepository: VodRepository;
  }
}
