import type { BillingPeriod, OfferCapability, Package, PackageScope, Subscription } from '@grandstand/contract';
import type { Database } from '../../../core/db/schema.ts';
import { withDescendants } from '../../../core/tree.ts';
import { type Entitlements, noEntitlements } from '../entitlements.ts';

/** Money is computed in cents so 9.99 + 1.50 is 11.49, not 11.490000000000002. */
export function cents(value: string | number): number {
  return Math.round(Number(value) * 100);
}
export function fromCents(value: number): number {
  return Math.round(value) / 100;
}

/** A package row as the catalog reads it (prices as numbers). */
export interface PackageRecord {
  id: number;
  name: string;
  description: string | null;
  scope: PackageScope;
  is_team_pass: boolean;
  event_category_ids: number[];
  participant_ids: number[];
  base_price: number;
  service_fee: number;
  offer: BillingPeriod | null;
  period: number | null;
  weight: number;
  /** Retired in the control room: left out of the viewers' lists and checkout. */
  retired: boolean;
  capabilities: OfferCapability[];
  /** The channel's free basic pass (spec §2). */
  is_basic: boolean;
  /** Games of the viewer's choosing (spec §6 quota); null: every event in scope. */
  quota: number | null;
}

/** The capabilities an offer may grant, as stored (anything else in the column is ignored). */
export function offerCapabilities(stored: readonly string[]): OfferCapability[] {
  return stored.filter((c): c is OfferCapability => c === 'vod_media' || c === 'no_ads' || c === 'download');
}

export interface SubscriptionRecord {
  id: number;
  name: string;
  description: string | null;
  base_price: number;
  service_fee: number;
  offer: BillingPeriod;
  period: number;
  trial_period: number;
  weight: number;
  retired: boolean;
  capabilities: OfferCapability[];
}

/** The event facts a package listing for one event needs (GET packages?event_id). */
export interface EventForSale {
  id: number;
  access_type: string;
  event_category_id: number | null;
  participant_ids: number[];
}

/**
 * spec §3 Package and Subscription: the channel's offers, and spec §4's purchased flag for the
 * viewer. Every read is scoped by the channel (architecture: multi-tenancy).
 */
export function createOffersRepository(db: Database) {
  async function packageRows(channelId: number, id?: number): Promise<PackageRecord[]> {
    let query = db
      .selectFrom('packages')
      .select(['id', 'name', 'description', 'scope', 'is_team_pass', 'event_category_ids', 'participant_ids', 'base_price', 'service_fee', 'offer', 'period', 'weight', 'retired_at', 'capabilities', 'is_basic', 'quota'])
      .where('channel_id', '=', channelId);
    if (id !== undefined) query = query.where('id', '=', id);
    const rows = await query.orderBy('weight').orderBy('position').orderBy('id').execute();
    return rows.map(({ retired_at, ...r }) => ({
      ...r,
      capabilities: offerCapabilities(r.capabilities),
      retired: retired_at !== null,
      scope: r.scope as PackageScope,
      offer: r.offer as BillingPeriod | null,
      base_price: Number(r.base_price),
      service_fee: Number(r.service_fee),
    }));
  }

  async function subscriptionRows(channelId: number, id?: number): Promise<SubscriptionRecord[]> {
    let query = db
      .selectFrom('subscriptions')
      .select(['id', 'name', 'description', 'base_price', 'service_fee', 'offer', 'period', 'trial_period', 'weight', 'retired_at', 'capabilities'])
      .where('channel_id', '=', channelId);
    if (id !== undefined) query = query.where('id', '=', id);
    const rows = await query.orderBy('weight').orderBy('id').execute();
    return rows.map(({ retired_at, ...r }) => ({ ...r, capabilities: offerCapabilities(r.capabilities), retired: retired_at !== null, offer: r.offer as BillingPeriod, base_price: Number(r.base_price), service_fee: Number(r.service_fee) }));
  }

  async function participantNames(channelId: number, packages: readonly PackageRecord[]): Promise<Map<number, string>> {
    const ids = [...new Set(packages.flatMap((p) => p.participant_ids))];
    if (ids.length === 0) return new Map();
    const rows = await db.selectFrom('participants').select(['id', 'name']).where('channel_id', '=', channelId).where('id', 'in', ids).execute();
    return new Map(rows.map((r) => [r.id, r.name]));
  }

  async function categoryTree(channelId: number) {
    return db.selectFrom('event_categories').select(['id', 'parent_id']).where('channel_id', '=', channelId).execute();
  }

  /**
   * spec §4: a category package is purchased when all its categories are covered; a team pass
   * when all its teams are; the single-event package when the event asked about is bought.
   */
  function purchased(pkg: PackageRecord, coveredBy: Set<number>, e: Entitlements, event: EventForSale | null): boolean {
    if (pkg.scope === 'single') return event !== null && e.eventIds.has(event.id);
    // A quota pass, or a pass granting only capabilities, is purchased while the viewer holds it.
    if (pkg.quota !== null || (pkg.event_category_ids.length === 0 && !pkg.is_team_pass)) return e.packageIds.has(pkg.id);
    const categoriesCovered = pkg.event_category_ids.length > 0 && [...coveredBy].every((id) => e.categoryIds.has(id));
    if (categoriesCovered) return true;
    if (!pkg.is_team_pass || pkg.participant_ids.length === 0) return false;
    return pkg.participant_ids.every((participantId) =>
      e.teamPasses.some((pass) => pass.participantId === participantId && (pass.categoryIds.size === 0 || [...coveredBy].every((id) => pass.categoryIds.has(id)))),
    );
  }

  function toPackage(pkg: PackageRecord, names: Map<number, string>, isPurchased: boolean, onlyParticipants: readonly number[] | null, quotaLeft: ReadonlyMap<number, number>): Package {
    const participantIds = onlyParticipants ? pkg.participant_ids.filter((id) => onlyParticipants.includes(id)) : pkg.participant_ids;
    return {
      id: pkg.id,
      name: pkg.name,
      description: pkg.description,
      scope: pkg.scope,
      event_categories: pkg.event_category_ids,
      is_team_pass: pkg.is_team_pass,
      participants: participantIds.flatMap((id) => {
        const name = names.get(id);
        return name === undefined ? [] : [{ id, name }];
      }),
      // The contract: a single-event package's price is the event's; its own fields are 0.
      price: pkg.scope === 'single' ? 0 : fromCents(cents(pkg.base_price) + cents(pkg.service_fee)),
      base_price: pkg.scope === 'single' ? 0 : pkg.base_price,
      service_fee: pkg.scope === 'single' ? 0 : pkg.service_fee,
      offer: pkg.scope === 'single' ? null : pkg.offer,
      period: pkg.scope === 'single' ? null : pkg.period,
      weight: pkg.weight,
      purchased: isPurchased,
      capabilities: pkg.capabilities,
      basic: pkg.is_basic,
      quota: pkg.scope === 'single' ? null : pkg.quota,
      quota_left: pkg.quota === null ? null : (quotaLeft.get(pkg.id) ?? null),
    };
  }

  /** Whether a category package covers the event (its category or an ancestor is in the package). */
  function covers(pkg: PackageRecord, coveredBy: Set<number>, event: EventForSale): boolean {
    if (pkg.scope === 'single') return true;
    const categoryCovered = event.event_category_id !== null && coveredBy.has(event.event_category_id);
    if (!pkg.is_team_pass) return categoryCovered;
    const inCategory = pkg.event_category_ids.length === 0 || categoryCovered;
    return inCategory && pkg.participant_ids.some((id) => event.participant_ids.includes(id));
  }

  return {
    packageRows,
    subscriptionRows,

    /** The event's access facts; undefined when the channel has no such event. */
    async eventForSale(channelId: number, eventId: number): Promise<EventForSale | undefined> {
      const row = await db.selectFrom('events').select(['id', 'access_type', 'event_category_id', 'participant_ids']).where('channel_id', '=', channelId).where('id', '=', eventId).executeTakeFirst();
      return row ? { ...row, participant_ids: [...row.participant_ids] } : undefined;
    },

    /**
     * The channel's packages; with an event, only those that would give access to it (the
     * product's access rules): a ppv event only through the single-event package; a paid one also through
     * category packages covering it and team passes for one of its teams (their team list
     * narrowed to the event's teams); a free or register event through none.
     */
    async listPackages(channelId: number, entitlements: Entitlements = noEntitlements(), event: EventForSale | null = null): Promise<Package[]> {
      // A retired offer is no longer sold (its holders find it in their orders).
      const [packages, tree] = await Promise.all([packageRows(channelId).then((rows) => rows.filter((p) => !p.retired)), categoryTree(channelId)]);
      const coverage = new Map(packages.map((p) => [p.id, withDescendants(tree, p.event_category_ids)]));
      let chosen = packages;
      if (event) {
        if (event.access_type === 'ppv') chosen = packages.filter((p) => p.scope === 'single');
        else if (event.access_type === 'paid') chosen = packages.filter((p) => covers(p, coverage.get(p.id)!, event));
        else chosen = [];
      }
      const names = await participantNames(channelId, chosen);
      return chosen.map((p) => toPackage(p, names, purchased(p, coverage.get(p.id)!, entitlements, event), event && p.is_team_pass ? event.participant_ids : null, entitlements.quotaLeft));
    },

    async getPackage(channelId: number, id: number, entitlements: Entitlements = noEntitlements()): Promise<Package | undefined> {
      const [pkg] = await packageRows(channelId, id);
      if (!pkg) return undefined;
      const tree = await categoryTree(channelId);
      return toPackage(pkg, await participantNames(channelId, [pkg]), purchased(pkg, withDescendants(tree, pkg.event_category_ids), entitlements, null), null, entitlements.quotaLeft);
    },

    async listSubscriptions(channelId: number, entitlements: Entitlements = noEntitlements()): Promise<Subscription[]> {
      return (await subscriptionRows(channelId)).filter((s) => !s.retired).map((s) => toSubscription(s, entitlements));
    },

    async getSubscription(channelId: number, id: number, entitlements: Entitlements = noEntitlements()): Promise<Subscription | undefined> {
      const [row] = await subscriptionRows(channelId, id);
      return row ? toSubscription(row, entitlements) : undefined;
    },
  };
}

export type OffersRepository = ReturnType<typeof createOffersRepository>;

/** spec §4: a subscription is purchased when a paid, active order exists for it. */
function toSubscription(s: SubscriptionRecord, e: Entitlements): Subscription {
  return {
    id: s.id,
    name: s.name,
    description: s.description,
    price: fromCents(cents(s.base_price) + cents(s.service_fee)),
    base_price: s.base_price,
    service_fee: s.service_fee,
    offer: s.offer,
    period: s.period,
    trial_period: s.trial_period,
    weight: s.weight,
    purchased: e.subscriptionIds.has(s.id),
    capabilities: s.capabilities,
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    offersRepository: OffersRepository;
  }
}
