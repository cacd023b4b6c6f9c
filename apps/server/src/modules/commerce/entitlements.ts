import type { AccessOption, EventAccess } from '@grandstand/contract';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Database } from '../../core/db/schema.ts';
import { withDescendants } from '../../core/tree.ts';

/** One team pass bought: the chosen team, in the package's categories (their sub-categories included). */
export interface TeamPassEntitlement {
  participantId: number;
  /** Empty when the package names no category: the team's events in any category. */
  categoryIds: Set<number>;
}

/**
 * What a user's paid, active orders give (the rules of what a purchase covers, in the server README's Orders section). Category ids are expanded to
 * their descendants, so "the event's category or any ancestor is covered" is one lookup.
 */
export interface Entitlements {
  /** Events bought one by one (the only way into a ppv event). */
  eventIds: Set<number>;
  /** Categories covered by category packages (not team passes). */
  categoryIds: Set<number>;
  teamPasses: TeamPassEntitlement[];
  /** A subscription within its paid period (active, or canceled but not yet at its end). */
  subscription: boolean;
  /** Packages with a paid, active order (any scope). */
  packageIds: Set<number>;
  /** Subscriptions with an access-giving order (spec §4 purchased). */
  subscriptionIds: Set<number>;
  /** Quota passes held (spec §6): games still to pick, by package id, over the running orders. */
  quotaLeft: Map<number, number>;
}

export function noEntitlements(): Entitlements {
  return { eventIds: new Set(), categoryIds: new Set(), teamPasses: [], subscription: false, packageIds: new Set(), subscriptionIds: new Set(), quotaLeft: new Map() };
}

/** False when nothing was bought: such a user's access is a plain logged-in user's. */
export function hasEntitlements(e: Entitlements): boolean {
  return e.eventIds.size > 0 || e.categoryIds.size > 0 || e.teamPasses.length > 0 || e.subscription;
}

/** What access depends on: the event, its category and its participants. */
export interface AccessTarget {
  id: number;
  access_type: string;
  event_category_id: number | null;
  participant_ids: readonly number[];
}

/**
 * spec §6 paid/ppv: a ppv event only with its own order; a paid event with its own order, a
 * category package covering its category, a team pass for one of its teams (in a covered
 * category), or an active subscription. Free and register events are not decided here.
 */
export function entitledTo(e: Entitlements, event: AccessTarget): boolean {
  if (e.eventIds.has(event.id)) return true;
  if (event.access_type !== 'paid') return false;
  if (e.subscription) return true;
  const category = event.event_category_id;
  if (category !== null && e.categoryIds.has(category)) return true;
  return e.teamPasses.some(
    (pass) => event.participant_ids.includes(pass.participantId) && (pass.categoryIds.size === 0 || (category !== null && pass.categoryIds.has(category))),
  );
}

/** Who is asking: access differs between a visitor and a logged-in user, and with purchases. */
export interface Viewer {
  loggedIn: boolean;
  /** The user's purchases; absent for a visitor and in answers cached for every user. */
  entitlements?: Entitlements;
}
export const VISITOR: Viewer = { loggedIn: false };

/**
 * spec §2/§6 access kinds: register is open to a logged-in user; paid and ppv to a user whose
 * purchases cover the event (`target`: the rules of what a purchase covers, in the server README's Orders section).
 */
export function accessFor(accessType: string, basePrice: number, viewer: Viewer = VISITOR, target?: AccessTarget): EventAccess {
  // A logged-in viewer is not offered to log in: only the ways to buy remain.
  const buy: AccessOption = basePrice > 0 ? (accessType === 'ppv' ? 'buy_event' : 'buy_price') : 'get_free';
  const charge: AccessOption[] = viewer.loggedIn ? [buy] : ['login', buy];
  switch (accessType) {
    case 'free':
      return { allowed: true, geo_blocked: false, options: [] };
    case 'register':
      if (viewer.loggedIn) return { allowed: true, geo_blocked: false, options: [] };
      return { allowed: false, geo_blocked: false, options: ['register_free', 'login'] };
    default:
      if (target && viewer.entitlements && entitledTo(viewer.entitlements, target)) return { allowed: true, geo_blocked: false, options: [] };
      return { allowed: false, geo_blocked: false, options: charge };
  }
}


/**
 * A pass or subscription order that runs at `now`: a pass until its expires_at (none: for good), a
 * subscription, active or cancelled, until the end of its paid period (see `loadEntitlements`). The
 * one statement of the rule, for every query that asks what a viewer's passes give them now;
 * `alias` names the orders table where the query aliases it.
 */
export function passRunsAt(now: Date, alias?: string): RawBuilder<SqlBool> {
  const column = (name: string) => sql.ref(alias ? `${alias}.${name}` : name);
  return sql<SqlBool>`((${column('type')} = 'package' and (${column('expires_at')} is null or ${column('expires_at')} > ${now})) or (${column('type')} = 'subscription' and ${column('sub_status')} in ('active', 'canceled') and ${column('current_period_end')} > ${now}))`;
}

/**
 * The user's entitlements from their paid, active orders in this channel. A pass lasts until its
 * expires_at; a subscription (active, or cancelled) until the end of its paid period, whatever its
 * status says: only a paid renewal moves `current_period_end` on, so a renewal whose webhook never
 * came, or a renewal job that did not run, ends access on time (the rules of what a purchase covers, in the server README's Orders section). The ends
 * are checked in the query itself, not left to the job that marks orders inactive.
 */
export async function loadEntitlements(db: Database, channelId: number, userId: number, now: Date = new Date()): Promise<Entitlements> {
  const result = noEntitlements();
  // spec §6 quota: a game picked on a quota pass stays the viewer's as one bought alone, while its
  // order is paid (not refunded), after the pass has run out too.
  const picks = await db
    .selectFrom('package_picks as pp')
    .innerJoin('orders as o', 'o.id', 'pp.order_id')
    .select('pp.event_id')
    .where('pp.channel_id', '=', channelId)
    .where('pp.user_id', '=', userId)
    .where('o.status', '=', 'paid')
    .execute();
  for (const pick of picks) result.eventIds.add(pick.event_id);
  const orders = await db
    .selectFrom('orders')
    .select(['type', 'product_id', 'participant_id', 'quota_used'])
    .where('channel_id', '=', channelId)
    .where('user_id', '=', userId)
    .where('status', '=', 'paid')
    .where('activity_status', '=', 'active')
    .where((eb) =>
      eb.or([
        eb('type', '=', 'event'),
        passRunsAt(now),
      ]),
    )
    .execute();
  if (orders.length === 0) return result;

  const packageOrders: { packageId: number; participantId: number | null; quotaUsed: number }[] = [];
  for (const order of orders) {
    if (order.type === 'event') result.eventIds.add(order.product_id);
    else if (order.type === 'package') packageOrders.push({ packageId: order.product_id, participantId: order.participant_id, quotaUsed: order.quota_used });
    else if (order.type === 'subscription') {
      result.subscription = true;
      result.subscriptionIds.add(order.product_id);
    }
  }
  if (packageOrders.length === 0) return result;

  const [packages, categories] = await Promise.all([
    db
      .selectFrom('packages')
      .select(['id', 'scope', 'is_team_pass', 'event_category_ids', 'quota'])
      .where('channel_id', '=', channelId)
      .where(
        'id',
        'in',
        packageOrders.map((o) => o.packageId),
      )
      .execute(),
    db.selectFrom('event_categories').select(['id', 'parent_id']).where('channel_id', '=', channelId).execute(),
  ]);
  const byId = new Map(packages.map((p) => [p.id, p]));
  for (const order of packageOrders) {
    const pkg = byId.get(order.packageId);
    if (!pkg) continue;
    result.packageIds.add(pkg.id);
    if (pkg.quota !== null) {
      // A quota pass opens only the games picked on it (above), not its whole scope.
      result.quotaLeft.set(pkg.id, (result.quotaLeft.get(pkg.id) ?? 0) + Math.max(0, pkg.quota - order.quotaUsed));
      continue;
    }
    if (pkg.scope !== 'category') continue;
    const covered = withDescendants(categories, pkg.event_category_ids);
    if (pkg.is_team_pass) {
      if (order.participantId !== null) result.teamPasses.push({ participantId: order.participantId, categoryIds: covered });
    } else {
      for (const id of covered) result.categoryIds.add(id);
    }
  }
  return result;
}

/**
 * A cached listing is everyone's (visitors' or users' variant); a user with purchases gets it
 * with has_access turned on for the paid and ppv events they may watch. The cached listing is
 * frozen and shared: it comes back as it is when nothing changes, otherwise as a copy.
 */
export function grantListingAccess<Body extends { readonly data: readonly ListedEvent[] }>(body: Body, e: Entitlements): Body {
  if (!hasEntitlements(e)) return body;
  let data: ListedEvent[] | null = null;
  body.data.forEach((event, index) => {
    if (event.has_access || (event.access_type !== 'paid' && event.access_type !== 'ppv')) return;
    if (entitledTo(e, { id: event.id, access_type: event.access_type, event_category_id: event.event_category_id, participant_ids: event.participants.map((p) => p.id) })) {
      data ??= [...body.data];
      data[index] = { ...event, has_access: true };
    }
  });
  return data === null ? body : { ...body, data };
}

/** The fields of a listed event that its access depends on. */
export interface ListedEvent {
  readonly id: number;
  readonly access_type: string;
  readonly event_category_id: number | null;
  readonly participants: readonly { readonly id: number }[];
  readonly has_access: boolean;
}

/**
 * The viewer's passes and subscriptions still running, with what each offer is, by the same ends as
 * `loadEntitlements`: a pass until its expires_at, a subscription until the end of its paid period.
 */
export async function runningOffers(db: Database, channelId: number, userId: number, now: Date = new Date()) {
  return db
    .selectFrom('orders as o')
    .leftJoin('packages as p', (join) => join.onRef('p.id', '=', 'o.product_id').on('o.type', '=', 'package'))
    .leftJoin('subscriptions as s', (join) => join.onRef('s.id', '=', 'o.product_id').on('o.type', '=', 'subscription'))
    .select(['o.type', 'p.scope', 'p.is_basic', 'p.is_team_pass', 'p.event_category_ids', 'p.capabilities as package_capabilities', 's.capabilities as subscription_capabilities'])
    .where('o.channel_id', '=', channelId)
    .where('o.user_id', '=', userId)
    .where('o.status', '=', 'paid')
    .where('o.activity_status', '=', 'active')
    .where(passRunsAt(now, 'o'))
    .execute();
}

/**
 * What the viewer's running passes and subscriptions grant beside their events (spec §6: `vod_media`,
 * `no_ads`, `download`). A viewer's own capabilities are their account's (users.capabilities); what
 * they hold is the union of both.
 */
export async function passCapabilities(db: Database, channelId: number, userId: number, now: Date = new Date()): Promise<Set<string>> {
  const granted = new Set<string>();
  for (const row of await runningOffers(db, channelId, userId, now)) {
    for (const capability of [...(row.package_capabilities ?? []), ...(row.subscription_capabilities ?? [])]) granted.add(String(capability).toLowerCase());
  }
  return granted;
}

/**
 * Whether the viewer holds `capability` now (spec §3 User, §6): on their account, granted by the
 * channel to every logged-in viewer (`grant`: channel.json `clips.grant`), or by a pass of theirs
 * that runs now.
 */
export async function holdsCapability(db: Database, channelId: number, userId: number, capability: string, grant: readonly string[], now: Date = new Date()): Promise<boolean> {
  if (grant.includes(capability)) return true;
  const user = await db.selectFrom('users').select('capabilities').where('channel_id', '=', channelId).where('id', '=', userId).executeTakeFirst();
  if (!user) return false;
  if ((user.capabilities as readonly unknown[]).some((c) => String(c).toLowerCase() === capability)) return true;
  return (await passCapabilities(db, channelId, userId, now)).has(capability);
}

/**
 * spec §2: a running premium offer, the upgrade of the basic pass: a subscription, or a pass covering
 * events (categories or a team); a pass granting only capabilities is an add-on.
 */
export async function holdsPremium(db: Database, channelId: number, userId: number, now: Date = new Date()): Promise<boolean> {
  const offers = await runningOffers(db, channelId, userId, now);
  return offers.some((row) => row.type === 'subscription' || (row.scope === 'category' && row.is_basic === false && ((row.event_category_ids ?? []).length > 0 || row.is_team_pass === true)));
}
