import type { ChannelSettings, ColorSettings, CustomForm, EventCategory, EventLocation, FaqItem, MenuItem, Page, PageDetail, Participant, ParticipantGroup, ParticipantGroupProperty, Slide } from '@grandstand/contract';
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import type { Database } from '../../core/db/schema.ts';
import type { Pictures } from '../../core/media/pictures.ts';

/** Builds parent → children trees from flat rows (spec §3: sports and teams are nested). */
function nest<T extends { id: number; children: T[] }>(rows: readonly T[], parentOf: (row: T) => number | null): T[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const roots: T[] = [];
  for (const row of rows) {
    const parentId = parentOf(row);
    const parent = parentId === null ? undefined : byId.get(parentId);
    if (parent) parent.children.push(row);
    else roots.push(row);
  }
  return roots;
}

/** Without `no_limit=1`, /participants answers this many top-level teams. */
export const PARTICIPANTS_DEFAULT_LIMIT = 50;

/** The channel catalog reads. Every method is scoped by the channel id of the caller's key. */
export class CatalogRepository {
  readonly #db: Database;
  readonly #pictures: Pictures;
  readonly #analyticsUrl: string | null;

  /** `analyticsUrl`: the analytics service's public base URL (`ANALYTICS_PUBLIC_URL`), the same for every channel. */
  readonly #errorDsns: Readonly<Record<string, string>>;

  /** `errorDsns`: slug → the channel's error DSN for this deployment (`CHANNEL_ERROR_DSNS`), over the seed's. */
  constructor(db: Database, pictures: Pictures, analyticsUrl: string | null = null, errorDsns: Readonly<Record<string, string>> = {}) {
    this.#errorDsns = errorDsns;
    this.#db = db;
    this.#pictures = pictures;
    this.#analyticsUrl = analyticsUrl;
  }

  async settings(channelId: number): Promise<ChannelSettings | undefined> {
    const channel = await this.#db.selectFrom('channels').select(['slug', 'name', 'language', 'currency', 'settings']).where('id', '=', channelId).executeTakeFirst();
    if (!channel) return undefined;
    const prerolls = await this.#db
      .selectFrom('prerolls')
      .select(['id', 'url', 'weight', 'location_id', 'event_category_ids', 'for_vod', 'for_live'])
      .where('channel_id', '=', channelId)
      // An uploaded preroll plays once transcoded (modules/vod/library).
      .where('status', '=', 'ready')
      .orderBy('id')
      .execute();
    const s = channel.settings as Partial<ChannelSettings>;
    return {
      name: channel.name,
      language: channel.language as ChannelSettings['language'],
      currency: channel.currency,
      'google-analytics': s['google-analytics'] ?? null,
      analytics_key: s.analytics_key ?? null,
      analytics_url: this.#analyticsUrl,
      error_dsn: (Object.hasOwn(this.#errorDsns, channel.slug) ? this.#errorDsns[channel.slug] : undefined) ?? s.error_dsn ?? null,
      // A channel seeded before the setting existed gets the contract's default.
      analytics_consent: s.analytics_consent ?? 'notice',
      // Device linking is on unless the channel turned it off (control room Settings).
      auth: { remote_auth: s.auth?.remote_auth ?? 0, device_linking: s.auth?.device_linking ?? 1 },
      remoteAuth: s.remoteAuth ?? null,
      static_blocks: s.static_blocks ?? [],
      preroll_time: s.preroll_time ?? 3_600_000,
      prerolls: prerolls.map(({ event_category_ids, ...p }) => ({ ...p, event_categories: event_category_ids })),
    };
  }

  async colorSettings(channelId: number): Promise<ColorSettings | undefined> {
    const row = await this.#db.selectFrom('channels').select('color_settings').where('id', '=', channelId).executeTakeFirst();
    return row?.color_settings as ColorSettings | undefined;
  }

  async menu(channelId: number): Promise<MenuItem[]> {
    const rows = await this.#db
      .selectFrom('menu_items as m')
      .leftJoin('pages as p', (j) => j.onRef('p.id', '=', 'm.page_id').onRef('p.channel_id', '=', 'm.channel_id'))
      .leftJoin('participant_groups as g', (j) => j.onRef('g.id', '=', 'm.participant_group_id').onRef('g.channel_id', '=', 'm.channel_id'))
      .select(['m.id', 'm.title', 'm.type', 'm.placement', 'm.position', 'm.url', 'm.page_id', 'm.vod_media_id', 'p.url as page_url', 'g.id as group_id', 'g.name as group_name', 'g.alias as group_alias'])
      .where('m.channel_id', '=', channelId)
      .orderBy('m.position')
      .orderBy('m.id')
      .execute();
    return rows.map((r) => ({
      id: r.id,
      title: r.title,
      type: r.type as MenuItem['type'],
      placement: r.placement as MenuItem['placement'],
      position: r.position,
      // A page entry links to its page's url (spec §2: pages become routes).
      url: r.url ?? r.page_url ?? null,
      page_id: r.page_id,
      participant_group: r.group_id !== null && r.group_name !== null ? { id: r.group_id, name: r.group_name, alias: r.group_alias } : null,
      vod_media_id: r.vod_media_id,
    }));
  }

  async pages(channelId: number): Promise<Page[]> {
    return this.#db.selectFrom('pages').select(['id', 'url', 'alt_name', 'name']).where('channel_id', '=', channelId).orderBy('id').execute();
  }

  async page(channelId: number, id: number): Promise<PageDetail | undefined> {
    return this.#db.selectFrom('pages').select(['id', 'url', 'alt_name', 'name', 'content']).where('channel_id', '=', channelId).where('id', '=', id).executeTakeFirst();
  }

  async slides(channelId: number, type: string | undefined): Promise<Slide[]> {
    let query = this.#db
      .selectFrom('slides')
      .select(['id', 'title', 'subtitle', 'image', 'slidable_type', 'slidable_id', 'url', 'position'])
      .where('channel_id', '=', channelId);
    if (type !== undefined) query = query.where('slidable_type', '=', type);
    const rows = await query.orderBy('position').orderBy('id').execute();
    return rows.map((r) => {
      // A slide's image naming a file of the channel folder is its hero image, served in sizes.
      const hero = this.#pictures.slidePicture(channelId, r);
      return { ...r, image: hero ? hero.image : r.image, picture: hero ? hero.picture : null, slidable_type: r.slidable_type as Slide['slidable_type'] };
    });
  }

  async faq(channelId: number): Promise<FaqItem[]> {
    return this.#db.selectFrom('faq_items').select(['id', 'question', 'answer', 'position']).where('channel_id', '=', channelId).orderBy('position').orderBy('id').execute();
  }

  async customForm(channelId: number, alias: string): Promise<CustomForm | undefined> {
    const row = await this.#db.selectFrom('custom_forms').select(['alias', 'title', 'fields']).where('channel_id', '=', channelId).where('alias', '=', alias).executeTakeFirst();
    return row ? { alias: row.alias, title: row.title, fields: row.fields as CustomForm['fields'] } : undefined;
  }

  async eventCategories(channelId: number): Promise<EventCategory[]> {
    const rows = await this.#db
      .selectFrom('event_categories')
      .select(['id', 'name', 'alias', 'parent_id'])
      .where('channel_id', '=', channelId)
      .orderBy('position')
      .orderBy('id')
      .execute();
    return nest(
      rows.map((r) => ({ ...r, children: [] as EventCategory[] })),
      (r) => r.parent_id,
    );
  }

  async eventLocations(channelId: number): Promise<EventLocation[]> {
    return this.#db.selectFrom('event_locations').select(['id', 'name', 'city', 'state', 'country']).where('channel_id', '=', channelId).orderBy('name').orderBy('id').execute();
  }

  async participantGroups(channelId: number): Promise<ParticipantGroup[]> {
    const rows = await this.#db
      .selectFrom('participant_groups as g')
      .select([
        'g.id',
        'g.name',
        'g.alias',
        'g.image',
        // A school's crest takes the colour of its first team (schools have no colour of their own).
        sql<string | null>`(select p.color from participants p where p.participant_group_id = g.id and p.channel_id = g.channel_id and p.color is not null order by p.id limit 1)`.as('color'),
      ])
      .where('g.channel_id', '=', channelId)
      .orderBy('g.name')
      .orderBy('g.id')
      .execute();
    return rows.map(({ color, ...group }) => ({ ...group, crest: this.#pictures.crestUrl(channelId, 'schools', { ...group, color }) }));
  }

  async participants(channelId: number, noLimit: boolean): Promise<Participant[]> {
    const rows = await this.#db
      .selectFrom('participants as p')
      .leftJoin('event_categories as c', (j) => j.onRef('c.id', '=', 'p.sport_category_id').onRef('c.channel_id', '=', 'p.channel_id'))
      .select(['p.id', 'p.name', 'p.short_name', 'p.alias', 'p.color', 'p.logo', 'p.cover', 'p.participant_group_id', 'p.parent_id', 'p.gender', 'c.name as sport'])
      .where('p.channel_id', '=', channelId)
      .orderBy('p.name')
      .orderBy('p.id')
      .execute();
    const parents = new Map(rows.map((r) => [r.id, r.parent_id]));
    const tree = nest(
      rows.map(
        (r): Participant => ({
          id: r.id,
          name: r.name,
          short_name: r.short_name,
          alias: r.alias,
          images: { logo: r.logo, cover: r.cover },
          color: r.color,
          crest: this.#pictures.crestUrl(channelId, 'teams', r),
          participant_group_id: r.participant_group_id,
          properties: { gender: r.gender as Participant['properties']['gender'], sport: r.sport },
          children: [],
        }),
      ),
      (p) => parents.get(p.id) ?? null,
    );
    return noLimit ? tree : tree.slice(0, PARTICIPANTS_DEFAULT_LIMIT);
  }

  /** spec §3 filter keys: the values the channel's teams (gender, sport) and schools (city, state) use. */
  async participantGroupProperties(channelId: number): Promise<ParticipantGroupProperty[]> {
    const distinct = async (rows: Promise<{ value: string | null }[]>) =>
      [...new Set((await rows).map((r) => r.value).filter((v): v is string => v !== null && v !== ''))].sort((a, b) => a.localeCompare(b));
    const [gender, sport, city, state] = await Promise.all([
      distinct(this.#db.selectFrom('participants').select('gender as value').distinct().where('channel_id', '=', channelId).execute()),
      distinct(
        this.#db
          .selectFrom('participants as p')
          .innerJoin('event_categories as c', (j) => j.onRef('c.id', '=', 'p.sport_category_id').onRef('c.channel_id', '=', 'p.channel_id'))
          .select('c.name as value')
          .distinct()
          .where('p.channel_id', '=', channelId)
          .execute(),
      ),
      distinct(this.#db.selectFrom('participant_groups').select('city as value').distinct().where('channel_id', '=', channelId).execute()),
      distinct(this.#db.selectFrom('participant_groups').select('state as value').distinct().where('channel_id', '=', channelId).execute()),
    ]);
    return [
      { key: 'gender', values: gender },
      { key: 'sport', values: sport },
      { key: 'city', values: city },
      { key: 'state', values: state },
    ];
  }
}

/** `app.catalogRepository`: built once on the app's database. */
export interface CatalogRepositoryOptions {
  /** The analytics service's public base URL the site is told (`ANALYTICS_PUBLIC_URL`); null: none. */
  analyticsUrl?: string | null;
  errorDsns?: Readonly<Record<string, string>>;
}

export default fp<CatalogRepositoryOptions>(
  async (app, options) => {
    app.decorate('catalogRepository', new CatalogRepository(app.db, app.pictures, options.analyticsUrl ?? null, options.errorDsns ?? {}));
  },
  { name: 'catalog-repository', dependencies: ['db', 'pictures'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    catalogRepository: CatalogRepository;
  }
}
