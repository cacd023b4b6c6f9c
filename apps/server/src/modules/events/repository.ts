import type { Event, EventDetail, EventParticipant, EventsQuery, FavoriteEventsQuery, Picture, StreamStatus } from '@grandstand/contract';
import fp from 'fastify-plugin';
import { type Selectable, type SelectQueryBuilder, sql } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { LRUCache } from 'lru-cache';
import type { z } from 'zod';
import { type AccessTarget, accessFor, VISITOR, type Viewer } from '../commerce/entitlements.ts';
import type { Database, DatabaseSchema } from '../../core/db/schema.ts';
import type { Pictures, PictureTeam } from '../../core/media/pictures.ts';
import { withDescendants } from '../../core/tree.ts';

/** The listing query after validation (defaults applied). */
export type EventsListQuery = z.output<typeof EventsQuery>;
/** The favourite events' query after validation (empty values dropped, defaults applied). */
export type FollowedListQuery = z.output<typeof FavoriteEventsQuery>;

/** What a viewer follows (spec §3 Favourite), as ids of the channel's teams, schools and sports. */
export interface Follows {
  participantIds: readonly number[];
  groupIds: readonly number[];
  categoryIds: readonly number[];
}

/** The most events the homepage shows (live, then upcoming, then the latest finished). */
export const HOMEPAGE_LIMIT = 24;

export interface EventsCacheOptions {
  /** How long a channel's names (sports, schools, teams, venues) stay in memory. */
  ttlMs?: number;
  /**
   * How long a listing's total stays in memory: one count serves every page of a filter, and a
   * count is the dearest query of a listing (it reads every matching row), so it lives as long as
   * a listing answer may be served (fresh 10 s + stale 20 s): no total is older than its page.
   */
  totalsTtlMs?: number;
  /** Builds each event's picture (core/media/picturesPlugin.ts); without it every event shows a placeholder card URL. */
  pictures?: Pictures;
}

interface Taxonomy {
  categories: { id: number; parent_id: number | null; name: string; alias: string | null }[];
  groups: { id: number; name: string; alias: string | null }[];
  participants: TaxonomyTeam[];
  participantsById: Map<number, TaxonomyTeam>;
  locations: { id: number; city: string | null; state: string | null }[];
}

// What a listing needs of a team: its place in the tree, its names and what a filter matches.
const TEAM_COLUMNS = ['id', 'parent_id', 'participant_group_id', 'name', 'short_name', 'alias', 'color', 'gender'] as const;
type TaxonomyTeam = Pick<Selectable<DatabaseSchema['participants']>, (typeof TEAM_COLUMNS)[number]>;

/**
 * A listing's filters reduced to ids. Every set is "one of these"; the sets are ANDed. The
 * participant sets each mean "either participant of the event is one of these" (spec §3 filters:
 * a school, a team, a gender may match the home or the away side).
 */
export interface EventFilter {
  status?: StreamStatus;
  categoryIds?: number[];
  locationIds?: number[];
  participantSets: number[][];
  /** Either participant's gender (spec §3 filters). */
  gender?: string;
  search?: string;
  fromTs?: number;
  /** Exclusive. */
  toTs?: number;
  /**
   * A viewer's followed teams and sports (favourites): an event of one of these teams (either
   * side) or of one of these sports matches. Both sorted, so equal follows share a cache key.
   */
  followed?: { participantIds: number[]; categoryIds: number[] };
}

export interface EventsPage {
  data: Event[];
  total: number;
}

type Db = DatabaseSchema & { e: DatabaseSchema['events'] };
type EventsQueryBuilder<O> = SelectQueryBuilder<Db, 'e', O>;

const lower = (value: string) => value.trim().toLowerCase();
const DAY_SECONDS = 86_400;

/** Rows whose id, alias or name is the given value (spec §3 query keys: an alias, a name or an id). */
function matching<T extends { id: number; name: string; alias: string | null }>(rows: readonly T[], value: string): T[] {
  const wanted = lower(value);
  const id = /^[0-9]{1,10}$/.test(wanted) ? Number(wanted) : null;
  return rows.filter((row) => row.id === id || lower(row.name) === wanted || (row.alias !== null && lower(row.alias) === wanted));
}

function intersect(current: number[] | undefined, next: number[]): number[] {
  if (current === undefined) return next;
  const keep = new Set(next);
  return current.filter((id) => keep.has(id));
}

/** UTC seconds at the start of an ISO date (YYYY-MM-DD, validated by the contract). */
function utcDaySeconds(date: string): number {
  return Date.parse(`${date}T00:00:00Z`) / 1000;
}

/** Escapes LIKE wildcards so a search for "50%" looks for the text. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * spec §7 Events: listings, the homepage selection, one event. Every read is scoped by the
 * channel id of the caller's key (architecture: multi-tenancy is enforced on the server).
 */
export class EventsRepository {
  readonly #db: Database;
  readonly #taxonomies: LRUCache<number, Taxonomy>;
  readonly #totals: LRUCache<string, number>;
  readonly #counting = new Map<string, Promise<number>>();
  readonly #pictures: Pictures | undefined;
  #generation = 0;

  constructor(db: Database, options: EventsCacheOptions = {}) {
    this.#db = db;
    this.#pictures = options.pictures;
    const ttl = options.ttlMs ?? 10_000;
    // Names change only with a seed or an operator's edit: like the catalog, seen within the TTL.
    this.#taxonomies = new LRUCache<number, Taxonomy>({ max: 500, ttl });
    // A total depends on the filters only, so paging through one listing counts once.
    this.#totals = new LRUCache<string, number>({ max: 5_000, ttl: options.totalsTtlMs ?? 30_000 });
  }

  /** Drops one channel's cached names and totals (or every channel's when null). */
  invalidate(channelId: number | null): void {
    // A count running now may have read the old rows: hand it to its callers, keep none of it.
    this.#generation += 1;
    this.#counting.clear();
    if (channelId === null) {
      this.#taxonomies.clear();
      this.#totals.clear();
      return;
    }
    this.#taxonomies.delete(channelId);
    const prefix = `${channelId}:`;
    for (const key of [...this.#totals.keys()]) if (key.startsWith(prefix)) this.#totals.delete(key);
  }

  async #taxonomy(channelId: number): Promise<Taxonomy> {
    const cached = this.#taxonomies.get(channelId);
    if (cached) return cached;
    const [categories, groups, participants, locations] = await Promise.all([
      this.#db.selectFrom('event_categories').select(['id', 'parent_id', 'name', 'alias']).where('channel_id', '=', channelId).execute(),
      this.#db.selectFrom('participant_groups').select(['id', 'name', 'alias']).where('channel_id', '=', channelId).execute(),
      this.#db.selectFrom('participants').select(TEAM_COLUMNS).where('channel_id', '=', channelId).execute(),
      this.#db.selectFrom('event_locations').select(['id', 'city', 'state']).where('channel_id', '=', channelId).execute(),
    ]);
    const taxonomy = { categories, groups, participants, participantsById: new Map(participants.map((p) => [p.id, p])), locations };
    this.#taxonomies.set(channelId, taxonomy);
    return taxonomy;
  }

  /**
   * Turns the query's names into id sets. Null when a name matches nothing: an unknown school,
   * team or sport narrows the listing to nothing rather than being an error (spec §3 query keys).
   */
  async resolveFilter(channelId: number, query: EventsListQuery): Promise<EventFilter | null> {
    const filter: EventFilter = { participantSets: [] };
    if (query.stream_status) filter.status = query.stream_status;
    if (query.gender) filter.gender = query.gender;
    const needsNames = query.sport || query.event_category_id || query.school || query.team || query.participant_id || query.city || query.state;
    if (needsNames) {
      const t = await this.#taxonomy(channelId);
      if (query.sport) filter.categoryIds = [...withDescendants(t.categories, matching(t.categories, query.sport).map((c) => c.id))];
      // A parent category's listing includes its nested categories, as a sport's does.
      if (query.event_category_id) {
        const known = t.categories.some((c) => c.id === query.event_category_id);
        filter.categoryIds = intersect(filter.categoryIds, known ? [...withDescendants(t.categories, [query.event_category_id])] : []);
      }
      if (query.school) {
        const groups = new Set(matching(t.groups, query.school).map((g) => g.id));
        filter.participantSets.push(t.participants.filter((p) => p.participant_group_id !== null && groups.has(p.participant_group_id)).map((p) => p.id));
      }
      if (query.team) filter.participantSets.push([...withDescendants(t.participants, matching(t.participants, query.team).map((p) => p.id))]);
      if (query.participant_id) {
        const known = t.participants.some((p) => p.id === query.participant_id);
        filter.participantSets.push(known ? [...withDescendants(t.participants, [query.participant_id])] : []);
      }
      const byPlace = (key: 'city' | 'state', value: string) => t.locations.filter((l) => l[key] !== null && lower(l[key]) === lower(value)).map((l) => l.id);
      if (query.city) filter.locationIds = intersect(filter.locationIds, byPlace('city', query.city));
      if (query.state) filter.locationIds = intersect(filter.locationIds, byPlace('state', query.state));
    }
    if (query.location) filter.locationIds = intersect(filter.locationIds, [query.location]);
    if (query.search) filter.search = query.search;
    if (query.start_date) filter.fromTs = utcDaySeconds(query.start_date);
    // end_date is inclusive: events starting before the next UTC day.
    if (query.end_date) filter.toTs = utcDaySeconds(query.end_date) + DAY_SECONDS;
    const empty = filter.categoryIds?.length === 0 || filter.locationIds?.length === 0 || filter.participantSets.some((set) => set.length === 0);
    return empty ? null : filter;
  }

  #where<O>(query: EventsQueryBuilder<O>, channelId: number, filter: EventFilter): EventsQueryBuilder<O> {
    // Viewers see what the channel published; a cancelled event stays listed, marked (modules/schedule).
    let q = query.where('e.channel_id', '=', channelId).where('e.published', '=', true);
    if (filter.status) q = q.where('e.stream_status', '=', filter.status);
    if (filter.categoryIds) q = q.where('e.event_category_id', 'in', filter.categoryIds);
    if (filter.locationIds) q = q.where('e.location_id', 'in', filter.locationIds);
    // The event's own copy of its participants (migration 0004): no join, a GIN index for a team.
    for (const ids of filter.participantSets) q = q.where(sql<boolean>`e.participant_ids && ${sql.val([...ids].sort((a, b) => a - b))}::int[]`);
    if (filter.gender) q = q.where(sql<boolean>`e.participant_genders @> ${sql.val([filter.gender])}::text[]`);
    if (filter.search) q = q.where('e.name', 'ilike', likePattern(filter.search));
    if (filter.fromTs !== undefined) q = q.where('e.event_utc_ts', '>=', filter.fromTs);
    if (filter.toTs !== undefined) q = q.where('e.event_utc_ts', '<', filter.toTs);
    if (filter.followed) {
      const { participantIds, categoryIds } = filter.followed;
      // One OR: the GIN index answers the teams, the category index the sports (a bitmap OR).
      q = q.where((eb) =>
        eb.or([
          ...(participantIds.length > 0 ? [sql<boolean>`e.participant_ids && ${sql.val(participantIds)}::int[]`] : []),
          ...(categoryIds.length > 0 ? [eb('e.event_category_id', 'in', categoryIds)] : []),
        ]),
      );
    }
    return q;
  }

  #selectEvents() {
    return this.#db
      .selectFrom('events as e')
      .select((x) => [
        'e.id',
        'e.name',
        'e.type',
        'e.access_type',
        'e.event_utc_ts',
        'e.end_utc_ts',
        'e.time_zone',
        'e.event_category_id',
        'e.location_id',
        'e.base_price',
        'e.service_fee',
        'e.stream_status',
        'e.image',
        'e.cancelled_at',
        // Only the ids and sides: names and colours come from the channel's cached teams, which
        // spares a join per listed event (an embedded database pays for every row it touches).
        jsonArrayFrom(x.selectFrom('event_participants as ep').select(['ep.participant_id', 'ep.side']).whereRef('ep.event_id', '=', 'e.id').orderBy('ep.id')).as('sides'),
      ]);
  }

  /** Rows to contract events, with each participant's name and colour ("away @ home": away first, spec §3). */
  async #toEvents(channelId: number, rows: readonly EventRow[], viewer: Viewer): Promise<Event[]> {
    if (rows.length === 0) return [];
    let teams = (await this.#taxonomy(channelId)).participantsById;
    // A team added since the names were cached: read them again rather than drop it.
    if (rows.some((r) => r.sides.some((side) => !teams.has(side.participant_id)))) {
      this.#taxonomies.delete(channelId);
      teams = (await this.#taxonomy(channelId)).participantsById;
    }
    return rows.map((row) => {
      const participants: EventParticipant[] = [];
      const sideTeams: PictureTeam[] = [];
      for (const side of [...row.sides].sort((a, b) => (a.side === 'away' ? 0 : 1) - (b.side === 'away' ? 0 : 1))) {
        const team = teams.get(side.participant_id);
        if (team) {
          participants.push({ id: team.id, name: team.name, short_name: team.short_name, color: team.color, side: side.side === 'away' ? 'away' : 'home' });
          sideTeams.push(team);
        }
      }
      return toEvent(row, participants, viewer, this.#picture(channelId, row, sideTeams));
    });
  }

  #picture(channelId: number, row: EventRow, teams: PictureTeam[]): Picture {
    const event = { id: row.id, name: row.name, stream_status: row.stream_status, teams };
    if (this.#pictures) return this.#pictures.eventPicture(channelId, event);
    return { kind: 'upcoming', src: `/media/pictures/events/${row.id}/card.svg`, srcset: null, sources: [], width: 640, height: 360 };
  }

  /** The drawn card of one of the channel's events (the picture route), or undefined when it has no such event. */
  async drawnCard(channelId: number, id: number): Promise<{ hash: string; svg: () => string } | undefined> {
    if (!this.#pictures) return undefined;
    const row = await this.#selectEvents().where('e.channel_id', '=', channelId).where('e.id', '=', id).executeTakeFirst();
    if (!row) return undefined;
    const teams = (await this.#taxonomy(channelId)).participantsById;
    const sides = [...row.sides].sort((a, b) => (a.side === 'away' ? 0 : 1) - (b.side === 'away' ? 0 : 1));
    const sideTeams = sides.map((side) => teams.get(side.participant_id)).filter((team): team is TaxonomyTeam => team !== undefined);
    return this.#pictures.card(channelId, { id: row.id, name: row.name, stream_status: row.stream_status, teams: sideTeams });
  }

  /**
   * The events of what a viewer follows (spec §7 /events/favorite): their teams (child teams
   * included, as a team filter), every team of their schools, and their sports with the nested
   * sports. Null when none of it is (still) the channel's: an empty listing.
   */
  async resolveFollowed(channelId: number, follows: Follows, query: Pick<FollowedListQuery, 'stream_status' | 'start_date' | 'end_date'>): Promise<EventFilter | null> {
    const t = await this.#taxonomy(channelId);
    const known = <T extends { id: number }>(rows: readonly T[], ids: readonly number[]) => {
      const wanted = new Set(ids);
      return rows.filter((row) => wanted.has(row.id)).map((row) => row.id);
    };
    const groups = new Set(known(t.groups, follows.groupIds));
    const teamRoots = [...known(t.participants, follows.participantIds), ...t.participants.filter((p) => p.participant_group_id !== null && groups.has(p.participant_group_id)).map((p) => p.id)];
    const participantIds = [...withDescendants(t.participants, teamRoots)].sort((a, b) => a - b);
    const categoryIds = [...withDescendants(t.categories, known(t.categories, follows.categoryIds))].sort((a, b) => a - b);
    if (participantIds.length === 0 && categoryIds.length === 0) return null;
    const filter: EventFilter = { participantSets: [], followed: { participantIds, categoryIds } };
    if (query.stream_status) filter.status = query.stream_status;
    if (query.start_date) filter.fromTs = utcDaySeconds(query.start_date);
    if (query.end_date) filter.toTs = utcDaySeconds(query.end_date) + DAY_SECONDS;
    return filter;
  }

  /** A page of a listing and its total (same WHERE). */
  async list(channelId: number, query: EventsListQuery, options: { viewer?: Viewer } = {}): Promise<EventsPage> {
    return this.page(channelId, await this.resolveFilter(channelId, query), query, options);
  }

  /** A page of the events a resolved filter matches (null: none), sorted and paged as a listing. */
  async page(channelId: number, filter: EventFilter | null, query: Pick<EventsListQuery, 'stream_status' | 'sort_field' | 'sort_direction' | 'offset' | 'limit'>, options: { viewer?: Viewer } = {}): Promise<EventsPage> {
    if (!filter) return { data: [], total: 0 };
    // spec §3: finished events (vod) read newest first; everything else soonest first.
    const direction = query.sort_direction ?? (query.stream_status === 'finished' ? 'desc' : 'asc');
    const sortColumn = query.sort_field === 'name' ? 'e.name' : 'e.event_utc_ts';
    const rows = await this.#where(this.#selectEvents(), channelId, filter)
      .orderBy(sortColumn, direction)
      .orderBy('e.id', direction)
      .offset(query.offset)
      .limit(query.limit)
      .execute();
    const data = await this.#toEvents(channelId, rows, options.viewer ?? VISITOR);
    // A short page that starts at the offset tells the total without counting.
    const total = rows.length > 0 && rows.length < query.limit ? query.offset + rows.length : await this.#count(channelId, filter);
    return { data, total };
  }

  /** The filter's total, counted once per filter (not per page) however many pages ask at once. */
  #count(channelId: number, filter: EventFilter): Promise<number> {
    const key = totalKey(channelId, filter);
    const cached = this.#totals.get(key);
    if (cached !== undefined) return Promise.resolve(cached);
    const running = this.#counting.get(key);
    if (running) return running;
    const generation = this.#generation;
    const counting = this.#where(this.#db.selectFrom('events as e'), channelId, filter)
      .select(sql<string | number>`count(*)`.as('total'))
      .executeTakeFirstOrThrow()
      .then((row) => {
        const total = Number(row.total);
        if (generation === this.#generation) this.#totals.set(key, total);
        return total;
      })
      .finally(() => {
        if (this.#counting.get(key) === counting) this.#counting.delete(key);
      });
    this.#counting.set(key, counting);
    return counting;
  }

  /** How many totals are held (tests see a count reused and dropped). */
  get cachedTotals(): number {
    return this.#totals.size;
  }

  /** The homepage-flagged events, live first, then the soonest upcoming, then the latest finished. */
  async homepage(channelId: number, viewer: Viewer = VISITOR): Promise<Event[]> {
    const rows = await this.#selectEvents()
      .where('e.channel_id', '=', channelId)
      .where('e.homepage', '=', true)
      // The home page's rails show what viewers can watch: a cancelled event is not promoted there.
      .where('e.published', '=', true)
      .where('e.cancelled_at', 'is', null)
      .orderBy(sql`case e.stream_status when 'live' then 0 when 'upcoming' then 1 else 2 end`)
      .orderBy(sql`case when e.stream_status = 'finished' then -e.event_utc_ts else e.event_utc_ts end`)
      .orderBy('e.id')
      .limit(HOMEPAGE_LIMIT)
      .execute();
    return this.#toEvents(channelId, rows, viewer);
  }

  /** These events of the channel, by id (a clip list names its events); ids of no event of the channel are left out. */
  async byIds(channelId: number, ids: readonly number[], viewer: Viewer = VISITOR): Promise<Map<number, Event>> {
    if (ids.length === 0) return new Map();
    const rows = await this.#selectEvents().where('e.channel_id', '=', channelId).where('e.id', 'in', [...new Set(ids)]).execute();
    return new Map((await this.#toEvents(channelId, rows, viewer)).map((event) => [event.id, event]));
  }

  /** One event with its sport, venue and access; undefined when the channel has no such event. */
  async detail(channelId: number, id: number, viewer: Viewer = VISITOR): Promise<Omit<EventDetail, 'stream'> | undefined> {
    const row = await this.#selectEvents()
      .where('e.channel_id', '=', channelId)
      .where('e.id', '=', id)
      // An unpublished event is as unknown to viewers as a missing one.
      .where('e.published', '=', true)
      .leftJoin('event_categories as c', (j) => j.onRef('c.id', '=', 'e.event_category_id').onRef('c.channel_id', '=', 'e.channel_id'))
      .leftJoin('event_locations as l', (j) => j.onRef('l.id', '=', 'e.location_id').onRef('l.channel_id', '=', 'e.channel_id'))
      .select(['e.description', 'e.prerolls', 'c.name as category_name', 'c.alias as category_alias', 'l.name as location_name', 'l.city as location_city', 'l.state as location_state'])
      .executeTakeFirst();
    if (!row) return undefined;
    const [event] = (await this.#toEvents(channelId, [row], viewer)) as [Event];
    return {
      ...event,
      description: row.description,
      prerolls: row.prerolls,
      category: event.event_category_id !== null && row.category_name !== null ? { id: event.event_category_id, name: row.category_name, alias: row.category_alias } : null,
      location: event.location_id !== null && row.location_name !== null ? { id: event.location_id, name: row.location_name, city: row.location_city, state: row.location_state } : null,
      access: accessFor(event.access_type, event.base_price, viewer, accessTarget(event)),
    };
  }
}

/** A total's key: the channel and the filter, without the page (every page of a filter shares it). */
function totalKey(channelId: number, filter: EventFilter): string {
  return `${channelId}:${JSON.stringify(filter)}`;
}

interface EventRow {
  id: number;
  name: string;
  type: string;
  access_type: string;
  event_utc_ts: string | number;
  end_utc_ts: string | number;
  time_zone: string;
  event_category_id: number | null;
  location_id: number | null;
  base_price: string | number;
  service_fee: string | number;
  stream_status: string;
  image: string | null;
  cancelled_at: Date | string | null;
  sides: { participant_id: number; side: string }[];
}

function accessTarget(event: Event): AccessTarget {
  return { id: event.id, access_type: event.access_type, event_category_id: event.event_category_id, participant_ids: event.participants.map((p) => p.id) };
}

function toEvent(row: EventRow, participants: EventParticipant[], viewer: Viewer, picture: Picture): Event {
  const basePrice = Number(row.base_price);
  return {
    id: row.id,
    name: row.name,
    type: row.type as Event['type'],
    access_type: row.access_type as Event['access_type'],
    participants,
    event_utc_ts: Number(row.event_utc_ts),
    end_utc_ts: Number(row.end_utc_ts),
    time_zone: row.time_zone,
    event_category_id: row.event_category_id,
    location_id: row.location_id,
    base_price: basePrice,
    service_fee: Number(row.service_fee),
    has_access: accessFor(row.access_type, basePrice, viewer, { id: row.id, access_type: row.access_type, event_category_id: row.event_category_id, participant_ids: row.sides.map((s) => s.participant_id) }).allowed,
    stream_status: row.stream_status as StreamStatus,
    image: row.image,
    picture,
    cancelled: row.cancelled_at !== null,
  };
}

/** `app.eventsRepository`: built once on the app's database; a seed or a migration drops its cached names and totals. */
export default fp<EventsCacheOptions>(
  async (app, options) => {
    const events = new EventsRepository(app.db, { ...options, pictures: app.pictures });
    app.decorate('eventsRepository', events);
    const unsubscribe = app.dataChanged.on((channelId) => events.invalidate(channelId));
    app.addHook('onClose', async () => unsubscribe());
  },
  { name: 'events-repository', dependencies: ['db', 'buses', 'pictures'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    eventsRepository: EventsRepository;
  }
}
