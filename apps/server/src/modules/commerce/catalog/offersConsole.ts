import {
  type ConsoleOffersResponse,
  type ConsolePackage,
  type ConsolePromoCode,
  type ConsoleSubscription,
  type CreatePackageBody,
  type CreatePromoCodeBody,
  type CreateSubscriptionBody,
  OFFER_ERROR_CODES,
  type OfferCapability,
  type OfferErrorCode,
  type PackageKind,
  type PassBilling,
  type PromoAppliesTo,
  type SubscriptionBilling,
  type UpdatePackageBody,
  type UpdatePromoCodeBody,
  type UpdateSubscriptionBody,
} from '@grandstand/contract';
import { type Selectable, sql } from 'kysely';
import type { Database, DatabaseSchema } from '../../../core/db/schema.ts';
import type { AuditEntryInput, ConsoleActor } from '../../operators/index.ts';
import { cents, fromCents } from './offers.ts';
import { Refusal } from '../../../core/refusal.ts';

/** A refusal of the offers' console calls: the field at fault, a machine code, words, a status. */
export class OfferProblem extends Refusal {
  override name = 'OfferProblem';
  declare readonly code: OfferErrorCode;
  constructor(field: string, code: OfferErrorCode, message: string, status = 400) {
    super(status, field, code, message);
  }
}

/** Writes one audit row in the transaction of the change it records (the operators' `recordAudit`). */
export type AuditWriter = (db: Database, entry: AuditEntryInput) => Promise<void>;

type PackageRow = Selectable<DatabaseSchema['packages']>;
type SubscriptionRow = Selectable<DatabaseSchema['subscriptions']>;
type CouponRow = Selectable<DatabaseSchema['coupons']>;

const money = (value: number | string): number => fromCents(cents(value));
const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());
const unique = <T>(values: readonly T[]): T[] => [...new Set(values)];

function kindOf(row: PackageRow): PackageKind {
  if (row.scope === 'single') return 'single';
  return row.is_team_pass ? 'team_pass' : 'category';
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

/** The fields of a package, checked together (a partial edit is merged with the stored ones first). */
interface PackageValues {
  kind: PackageKind;
  name: string;
  description: string | null;
  categoryIds: number[];
  teamIds: number[];
  price: number;
  serviceFee: number;
  billing: PassBilling | null;
  period: number | null;
  capabilities: OfferCapability[];
  basic: boolean;
  quota: number | null;
  weight: number;
}

interface SubscriptionValues {
  name: string;
  description: string | null;
  price: number;
  serviceFee: number;
  billing: SubscriptionBilling;
  period: number;
  trialDays: number;
  capabilities: OfferCapability[];
  weight: number;
}

interface PromoValues {
  code: string;
  percentOff: number | null;
  amountOff: number | null;
  appliesTo: PromoAppliesTo;
  packageIds: number[];
  subscriptionIds: number[];
  validFrom: string | null;
  validUntil: string | null;
  maxUses: number | null;
  perViewer: number | null;
}

/**
 * The channel owner's offers and promo codes in the control room (spec §1 admin dashboard: packages;
 * spec §3 Package, Subscription; spec §7 apply_coupon). Every read and write is scoped by the
 * operator's channel (architecture: multi-tenancy); every change is one transaction with its audit
 * row, its "before" read under a row lock so two owners' edits follow each other.
 *
 * An offer made or changed here is the control room's (`origin` `console`): a re-seed, which
 * `npm start` runs, leaves it as it is and no longer puts the seed's version back.
 *
 * A price change is for new buyers: each order locks the price it was bought at
 * (`orders.locked_base_price`), which its renewals charge. Retiring takes an offer out of the
 * viewers' lists and checkout; its orders, and so its holders' access and renewals, are untouched.
 */
export class OffersConsole {
  readonly #db: Database;
  readonly #audit: AuditWriter;

  constructor(db: Database, audit: AuditWriter) {
    this.#db = db;
    this.#audit = audit;
  }

  async list(channelId: number): Promise<ConsoleOffersResponse> {
    const db = this.#db;
    const [packages, subscriptions, categories, teams, channel, holders] = await Promise.all([
      db.selectFrom('packages').selectAll().where('channel_id', '=', channelId).orderBy('weight').orderBy('position').orderBy('id').execute(),
      db.selectFrom('subscriptions').selectAll().where('channel_id', '=', channelId).orderBy('weight').orderBy('id').execute(),
      db.selectFrom('event_categories').select(['id', 'name', 'parent_id']).where('channel_id', '=', channelId).orderBy('position').orderBy('id').execute(),
      db.selectFrom('participants').select(['id', 'name']).where('channel_id', '=', channelId).orderBy('name').orderBy('id').execute(),
      db.selectFrom('channels').select('currency').where('id', '=', channelId).executeTakeFirstOrThrow(),
      this.#holders(db, channelId),
    ]);
    return {
      packages: packages.map((row) => this.#toPackage(row, holders.packages)),
      subscriptions: subscriptions.map((row) => this.#toSubscription(row, holders.subscriptions)),
      categories: categories.map((c) => ({ id: c.id, name: c.name, parentId: c.parent_id })),
      teams,
      currency: channel.currency,
    };
  }

  /**
   * Viewers holding each offer now: a pass's paid order still running, a subscription's paid order
   * active or cancelled but not yet at its end (what entitlements count).
   */
  async #holders(db: Database, channelId: number, now = new Date()): Promise<{ packages: Map<number, number>; subscriptions: Map<number, number> }> {
    const rows = await db
      .selectFrom('orders')
      .select(['type', 'product_id', (eb) => eb.fn.count<string | number>('user_id').distinct().as('n')])
      .where('channel_id', '=', channelId)
      .where('status', '=', 'paid')
      .where('activity_status', '=', 'active')
      .where((eb) =>
        eb.or([
          eb.and([eb('type', '=', 'package'), eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)])]),
          eb.and([eb('type', '=', 'subscription'), eb('sub_status', 'in', ['active', 'canceled'])]),
        ]),
      )
      .groupBy(['type', 'product_id'])
      .execute();
    const packages = new Map<number, number>();
    const subscriptions = new Map<number, number>();
    for (const row of rows) (row.type === 'package' ? packages : subscriptions).set(row.product_id, Number(row.n));
    return { packages, subscriptions };
  }

  #toPackage(row: PackageRow, holders: ReadonlyMap<number, number>): ConsolePackage {
    const kind = kindOf(row);
    return {
      id: row.id,
      kind,
      name: row.name,
      description: row.description,
      categoryIds: [...row.event_category_ids],
      teamIds: [...row.participant_ids],
      price: money(row.base_price),
      serviceFee: money(row.service_fee),
      billing: kind === 'single' ? null : row.offer === 'annual' ? 'annual' : 'month',
      period: kind === 'single' ? null : (row.period ?? 1),
      capabilities: row.capabilities.filter((c): c is OfferCapability => c === 'vod_media' || c === 'no_ads' || c === 'download'),
      basic: row.is_basic,
      quota: row.quota,
      weight: row.weight,
      retiredAt: iso(row.retired_at),
      holders: holders.get(row.id) ?? 0,
    };
  }

  #toSubscription(row: SubscriptionRow, holders: ReadonlyMap<number, number>): ConsoleSubscription {
    return {
      id: row.id,
      name: row.name,
      description: row.description,
      price: money(row.base_price),
      serviceFee: money(row.service_fee),
      billing: row.offer === 'annual' ? 'annual' : 'monthly',
      period: row.period,
      trialDays: row.trial_period,
      capabilities: row.capabilities.filter((c): c is OfferCapability => c === 'vod_media' || c === 'no_ads' || c === 'download'),
      weight: row.weight,
      retiredAt: iso(row.retired_at),
      holders: holders.get(row.id) ?? 0,
    };
  }

  async #package(db: Database, channelId: number, id: number): Promise<ConsolePackage> {
    const row = await db.selectFrom('packages').selectAll().where('channel_id', '=', channelId).where('id', '=', id).executeTakeFirst();
    if (!row) throw new OfferProblem('id', OFFER_ERROR_CODES.notFound, 'Package not found.', 404);
    return this.#toPackage(row, (await this.#holders(db, channelId)).packages);
  }

  async #subscription(db: Database, channelId: number, id: number): Promise<ConsoleSubscription> {
    const row = await db.selectFrom('subscriptions').selectAll().where('channel_id', '=', channelId).where('id', '=', id).executeTakeFirst();
    if (!row) throw new OfferProblem('id', OFFER_ERROR_CODES.notFound, 'Subscription not found.', 404);
    return this.#toSubscription(row, (await this.#holders(db, channelId)).subscriptions);
  }

  /** The rules across a package's fields, and every category and team the channel's own. */
  async #checkPackage(db: Database, channelId: number, v: PackageValues): Promise<void> {
    if (v.kind === 'single') {
      // spec §5: the single-event package is bought with an event, at the event's price, for good.
      if (v.price !== 0) throw new OfferProblem('price', OFFER_ERROR_CODES.invalid, 'The single-event package is priced by each event: leave its price at 0.');
      if (v.serviceFee !== 0) throw new OfferProblem('serviceFee', OFFER_ERROR_CODES.invalid, 'The single-event package is priced by each event: leave its fee at 0.');
      if (v.categoryIds.length > 0) throw new OfferProblem('categoryIds', OFFER_ERROR_CODES.invalid, 'The single-event package covers the event it is bought with: no categories.');
      if (v.teamIds.length > 0) throw new OfferProblem('teamIds', OFFER_ERROR_CODES.invalid, 'The single-event package covers the event it is bought with: no teams.');
      if (v.billing !== null || v.period !== null) throw new OfferProblem('billing', OFFER_ERROR_CODES.invalid, 'The single-event package does not end: no billing period.');
      if (v.basic) throw new OfferProblem('basic', OFFER_ERROR_CODES.invalid, 'The basic pass is a pass, not the single-event package.');
      if (v.quota !== null) throw new OfferProblem('quota', OFFER_ERROR_CODES.invalid, 'The single-event package is one event: no quota.');
      return;
    }
    // spec §2: the basic pass is free (taken in one click).
    if (v.basic && v.price !== 0) throw new OfferProblem('price', OFFER_ERROR_CODES.invalid, 'The basic pass is free: leave its price at 0.');
    if (v.basic && v.serviceFee !== 0) throw new OfferProblem('serviceFee', OFFER_ERROR_CODES.invalid, 'The basic pass is free: leave its fee at 0.');
    // A pass that only grants capabilities (premium videos, no ads) covers no category.
    if (v.kind === 'category' && v.categoryIds.length === 0 && (v.capabilities.length === 0 || v.quota !== null)) {
      throw new OfferProblem('categoryIds', OFFER_ERROR_CODES.invalid, 'A category pass covers at least one category.');
    }
    if (v.kind === 'category' && v.teamIds.length > 0) throw new OfferProblem('teamIds', OFFER_ERROR_CODES.invalid, 'A category pass has no teams: make it a team pass.');
    if (v.kind === 'team_pass' && v.teamIds.length === 0) throw new OfferProblem('teamIds', OFFER_ERROR_CODES.invalid, 'A team pass lets the buyer choose among at least one team.');
    if (v.billing === null) throw new OfferProblem('billing', OFFER_ERROR_CODES.invalid, 'A pass lasts months or years: choose its billing.');
    if (v.period === null) throw new OfferProblem('period', OFFER_ERROR_CODES.invalid, 'A pass lasts a number of months or years.');
    if (v.categoryIds.length > 0) {
      const known = await db.selectFrom('event_categories').select('id').where('channel_id', '=', channelId).where('id', 'in', v.categoryIds).execute();
      if (known.length !== v.categoryIds.length) throw new OfferProblem('categoryIds', OFFER_ERROR_CODES.unknownCategory, 'A category is not one of the channel’s.', 422);
    }
    if (v.teamIds.length > 0) {
      const known = await db.selectFrom('participants').select('id').where('channel_id', '=', channelId).where('id', 'in', v.teamIds).execute();
      if (known.length !== v.teamIds.length) throw new OfferProblem('teamIds', OFFER_ERROR_CODES.unknownTeam, 'A team is not one of the channel’s.', 422);
    }
  }

  #packageColumns(v: PackageValues) {
    return {
      name: v.name,
      description: v.description === '' ? null : v.description,
      scope: v.kind === 'single' ? 'single' : 'category',
      is_team_pass: v.kind === 'team_pass',
      event_category_ids: JSON.stringify(v.categoryIds),
      participant_ids: JSON.stringify(v.teamIds),
      base_price: v.price,
      service_fee: v.serviceFee,
      offer: v.billing,
      period: v.period,
      capabilities: JSON.stringify(v.capabilities),
      is_basic: v.basic,
      quota: v.quota,
      weight: v.weight,
    };
  }

  async createPackage(actor: ConsoleActor, body: CreatePackageBody): Promise<ConsolePackage> {
    const single = body.kind === 'single';
    const values: PackageValues = {
      kind: body.kind,
      name: body.name,
      description: body.description ?? null,
      categoryIds: unique(body.categoryIds ?? []),
      teamIds: unique(body.teamIds ?? []),
      price: money(body.price ?? 0),
      serviceFee: money(body.serviceFee ?? 0),
      billing: body.billing === undefined ? (single ? null : 'month') : body.billing,
      period: body.period === undefined ? (single ? null : 1) : body.period,
      capabilities: unique(body.capabilities ?? []),
      basic: body.basic ?? false,
      quota: body.quota ?? null,
      weight: body.weight ?? 0,
    };
    return this.#db.transaction().execute(async (tx) => {
      await this.#checkPackage(tx, actor.channelId, values);
      const { id } = await tx
        .insertInto('packages')
        .values({ channel_id: actor.channelId, origin: 'console', ...this.#packageColumns(values) })
        .returning('id')
        .executeTakeFirstOrThrow();
      const after = await this.#package(tx, actor.channelId, id);
      await this.#audit(tx, { actor, action: 'package.create', subject: `package:${id}`, before: null, after });
      return after;
    });
  }

  async updatePackage(actor: ConsoleActor, id: number, body: UpdatePackageBody): Promise<ConsolePackage> {
    return this.#changePackage(actor, id, 'package.update', async (tx, before) => {
      const values: PackageValues = {
        kind: before.kind,
        name: body.name ?? before.name,
        description: body.description === undefined ? before.description : body.description,
        categoryIds: body.categoryIds === undefined ? before.categoryIds : unique(body.categoryIds),
        teamIds: body.teamIds === undefined ? before.teamIds : unique(body.teamIds),
        price: body.price === undefined ? before.price : money(body.price),
        serviceFee: body.serviceFee === undefined ? before.serviceFee : money(body.serviceFee),
        billing: body.billing === undefined ? before.billing : body.billing,
        period: body.period === undefined ? before.period : body.period,
        capabilities: body.capabilities === undefined ? before.capabilities : unique(body.capabilities),
        basic: body.basic ?? before.basic,
        quota: body.quota === undefined ? before.quota : body.quota,
        weight: body.weight ?? before.weight,
      };
      await this.#checkPackage(tx, actor.channelId, values);
      await tx.updateTable('packages').set({ ...this.#packageColumns(values), origin: 'console' }).where('channel_id', '=', actor.channelId).where('id', '=', id).execute();
    });
  }

  /**
   * Out of the viewers' lists and checkout; holders keep access and renewals. The channel's last
   * single-event package stays: every paid event is bought through one (spec §5).
   */
  async retirePackage(actor: ConsoleActor, id: number): Promise<ConsolePackage> {
    return this.#changePackage(actor, id, 'package.retire', async (tx, before) => {
      if (before.retiredAt !== null) return false;
      if (before.kind === 'single') {
        const other = await tx
          .selectFrom('packages')
          .select('id')
          .where('channel_id', '=', actor.channelId)
          .where('scope', '=', 'single')
          .where('retired_at', 'is', null)
          .where('id', '<>', id)
          .executeTakeFirst();
        if (!other) throw new OfferProblem('id', OFFER_ERROR_CODES.singleRequired, 'Paid events are bought through a single-event package: keep one on sale.', 409);
      }
      await tx.updateTable('packages').set({ retired_at: new Date(), origin: 'console' }).where('channel_id', '=', actor.channelId).where('id', '=', id).execute();
    });
  }

  async restorePackage(actor: ConsoleActor, id: number): Promise<ConsolePackage> {
    return this.#changePackage(actor, id, 'package.restore', async (tx, before) => {
      if (before.retiredAt === null) return false;
      await tx.updateTable('packages').set({ retired_at: null, origin: 'console' }).where('channel_id', '=', actor.channelId).where('id', '=', id).execute();
    });
  }

  async #changePackage(actor: ConsoleActor, id: number, action: string, apply: (tx: Database, before: ConsolePackage) => Promise<void | false>): Promise<ConsolePackage> {
    return this.#db.transaction().execute(async (tx) => {
      const locked = await tx.selectFrom('packages').select('id').where('channel_id', '=', actor.channelId).where('id', '=', id).forUpdate().executeTakeFirst();
      // Another channel's package is as unknown as a missing one (architecture: multi-tenancy).
      if (!locked) throw new OfferProblem('id', OFFER_ERROR_CODES.notFound, 'Package not found.', 404);
      const before = await this.#package(tx, actor.channelId, id);
      if ((await apply(tx, before)) === false) return before;
      const after = await this.#package(tx, actor.channelId, id);
      await this.#audit(tx, { actor, action, subject: `package:${id}`, before, after });
      return after;
    });
  }

  #subscriptionColumns(v: SubscriptionValues) {
    return {
      name: v.name,
      description: v.description === '' ? null : v.description,
      base_price: v.price,
      service_fee: v.serviceFee,
      offer: v.billing,
      period: v.period,
      trial_period: v.trialDays,
      capabilities: JSON.stringify(v.capabilities),
      weight: v.weight,
    };
  }

  async createSubscription(actor: ConsoleActor, body: CreateSubscriptionBody): Promise<ConsoleSubscription> {
    const values: SubscriptionValues = {
      name: body.name,
      description: body.description ?? null,
      price: money(body.price),
      serviceFee: money(body.serviceFee ?? 0),
      billing: body.billing,
      period: body.period ?? 1,
      trialDays: body.trialDays ?? 0,
      capabilities: unique(body.capabilities ?? []),
      weight: body.weight ?? 0,
    };
    return this.#db.transaction().execute(async (tx) => {
      const { id } = await tx
        .insertInto('subscriptions')
        .values({ channel_id: actor.channelId, origin: 'console', ...this.#subscriptionColumns(values) })
        .returning('id')
        .executeTakeFirstOrThrow();
      const after = await this.#subscription(tx, actor.channelId, id);
      await this.#audit(tx, { actor, action: 'subscription.create', subject: `subscription:${id}`, before: null, after });
      return after;
    });
  }

  async updateSubscription(actor: ConsoleActor, id: number, body: UpdateSubscriptionBody): Promise<ConsoleSubscription> {
    return this.#changeSubscription(actor, id, 'subscription.update', async (tx, before) => {
      const values: SubscriptionValues = {
        name: body.name ?? before.name,
        description: body.description === undefined ? before.description : body.description,
        price: body.price === undefined ? before.price : money(body.price),
        serviceFee: body.serviceFee === undefined ? before.serviceFee : money(body.serviceFee),
        billing: body.billing ?? before.billing,
        period: body.period ?? before.period,
        trialDays: body.trialDays ?? before.trialDays,
        capabilities: body.capabilities === undefined ? before.capabilities : unique(body.capabilities),
        weight: body.weight ?? before.weight,
      };
      await tx.updateTable('subscriptions').set({ ...this.#subscriptionColumns(values), origin: 'console' }).where('channel_id', '=', actor.channelId).where('id', '=', id).execute();
    });
  }

  async retireSubscription(actor: ConsoleActor, id: number): Promise<ConsoleSubscription> {
    return this.#changeSubscription(actor, id, 'subscription.retire', async (tx, before) => {
      if (before.retiredAt !== null) return false;
      await tx.updateTable('subscriptions').set({ retired_at: new Date(), origin: 'console' }).where('channel_id', '=', actor.channelId).where('id', '=', id).execute();
    });
  }

  async restoreSubscription(actor: ConsoleActor, id: number): Promise<ConsoleSubscription> {
    return this.#changeSubscription(actor, id, 'subscription.restore', async (tx, before) => {
      if (before.retiredAt === null) return false;
      await tx.updateTable('subscriptions').set({ retired_at: null, origin: 'console' }).where('channel_id', '=', actor.channelId).where('id', '=', id).execute();
    });
  }

  async #changeSubscription(actor: ConsoleActor, id: number, action: string, apply: (tx: Database, before: ConsoleSubscription) => Promise<void | false>): Promise<ConsoleSubscription> {
    return this.#db.transaction().execute(async (tx) => {
      const locked = await tx.selectFrom('subscriptions').select('id').where('channel_id', '=', actor.channelId).where('id', '=', id).forUpdate().executeTakeFirst();
      if (!locked) throw new OfferProblem('id', OFFER_ERROR_CODES.notFound, 'Subscription not found.', 404);
      const before = await this.#subscription(tx, actor.channelId, id);
      if ((await apply(tx, before)) === false) return before;
      const after = await this.#subscription(tx, actor.channelId, id);
      await this.#audit(tx, { actor, action, subject: `subscription:${id}`, before, after });
      return after;
    });
  }

  #toPromo(row: CouponRow): ConsolePromoCode {
    const appliesTo: PromoAppliesTo = row.applies_to === null ? 'all' : (row.applies_to as PromoAppliesTo);
    return {
      id: row.id,
      code: row.code,
      percentOff: row.percent_off,
      amountOff: row.amount_off === null ? null : money(row.amount_off),
      appliesTo,
      packageIds: [...row.package_ids],
      subscriptionIds: [...row.subscription_ids],
      validFrom: iso(row.valid_from),
      validUntil: iso(row.expires_at),
      maxUses: row.max_redemptions,
      perViewer: row.per_viewer_limit,
      uses: row.redemptions,
    };
  }

  async promoCodes(channelId: number): Promise<ConsolePromoCode[]> {
    const rows = await this.#db.selectFrom('coupons').selectAll().where('channel_id', '=', channelId).orderBy('id', 'desc').execute();
    return rows.map((row) => this.#toPromo(row));
  }

  async #promo(db: Database, channelId: number, id: number): Promise<ConsolePromoCode> {
    const row = await db.selectFrom('coupons').selectAll().where('channel_id', '=', channelId).where('id', '=', id).executeTakeFirst();
    if (!row) throw new OfferProblem('id', OFFER_ERROR_CODES.promoNotFound, 'Promo code not found.', 404);
    return this.#toPromo(row);
  }

  /** The rules across a code's fields; the offers it names the channel's own. */
  async #checkPromo(db: Database, channelId: number, v: PromoValues): Promise<void> {
    if (v.percentOff === null && v.amountOff === null) throw new OfferProblem('percentOff', OFFER_ERROR_CODES.invalid, 'Give a percentage or an amount off.');
    if (v.percentOff !== null && v.amountOff !== null) throw new OfferProblem('amountOff', OFFER_ERROR_CODES.invalid, 'A code takes a percentage or an amount off, not both.');
    if (v.validFrom !== null && v.validUntil !== null && new Date(v.validUntil).getTime() <= new Date(v.validFrom).getTime()) {
      throw new OfferProblem('validUntil', OFFER_ERROR_CODES.invalid, 'The end must come after the start.');
    }
    if (v.appliesTo !== 'offers') {
      if (v.packageIds.length > 0) throw new OfferProblem('packageIds', OFFER_ERROR_CODES.invalid, 'Chosen offers are for a code that applies to chosen offers.');
      if (v.subscriptionIds.length > 0) throw new OfferProblem('subscriptionIds', OFFER_ERROR_CODES.invalid, 'Chosen offers are for a code that applies to chosen offers.');
      return;
    }
    if (v.packageIds.length === 0 && v.subscriptionIds.length === 0) throw new OfferProblem('packageIds', OFFER_ERROR_CODES.invalid, 'Choose at least one offer.');
    if (v.packageIds.length > 0) {
      // A code discounts a pass; the single-event package is priced by its event (a code for it applies to single events).
      const known = await db.selectFrom('packages').select('id').where('channel_id', '=', channelId).where('scope', '=', 'category').where('id', 'in', v.packageIds).execute();
      if (known.length !== v.packageIds.length) throw new OfferProblem('packageIds', OFFER_ERROR_CODES.unknownOffer, 'A package is not one of the channel’s passes.', 422);
    }
    if (v.subscriptionIds.length > 0) {
      const known = await db.selectFrom('subscriptions').select('id').where('channel_id', '=', channelId).where('id', 'in', v.subscriptionIds).execute();
      if (known.length !== v.subscriptionIds.length) throw new OfferProblem('subscriptionIds', OFFER_ERROR_CODES.unknownOffer, 'A subscription is not one of the channel’s.', 422);
    }
  }

  #promoColumns(v: Omit<PromoValues, 'code'>) {
    return {
      percent_off: v.percentOff,
      amount_off: v.amountOff === null ? null : money(v.amountOff),
      applies_to: v.appliesTo === 'all' ? null : v.appliesTo,
      package_ids: JSON.stringify(v.packageIds),
      subscription_ids: JSON.stringify(v.subscriptionIds),
      valid_from: v.validFrom === null ? null : new Date(v.validFrom),
      expires_at: v.validUntil === null ? null : new Date(v.validUntil),
      max_redemptions: v.maxUses,
      per_viewer_limit: v.perViewer,
    };
  }

  async createPromoCode(actor: ConsoleActor, body: CreatePromoCodeBody): Promise<ConsolePromoCode> {
    const values: PromoValues = {
      code: body.code,
      percentOff: body.percentOff ?? null,
      amountOff: body.amountOff ?? null,
      appliesTo: body.appliesTo ?? 'all',
      packageIds: unique(body.packageIds ?? []),
      subscriptionIds: unique(body.subscriptionIds ?? []),
      validFrom: body.validFrom ?? null,
      validUntil: body.validUntil ?? null,
      maxUses: body.maxUses ?? null,
      perViewer: body.perViewer ?? null,
    };
    const taken = () => new OfferProblem('code', OFFER_ERROR_CODES.codeTaken, 'The channel already has this code (whatever its case).', 409);
    try {
      return await this.#db.transaction().execute(async (tx) => {
        await this.#checkPromo(tx, actor.channelId, values);
        const existing = await tx.selectFrom('coupons').select('id').where('channel_id', '=', actor.channelId).where(sql<string>`lower(code)`, '=', values.code.toLowerCase()).executeTakeFirst();
        if (existing) throw taken();
        const { id } = await tx
          .insertInto('coupons')
          .values({ channel_id: actor.channelId, code: values.code, origin: 'console', ...this.#promoColumns(values) })
          .returning('id')
          .executeTakeFirstOrThrow();
        const after = await this.#promo(tx, actor.channelId, id);
        await this.#audit(tx, { actor, action: 'promo_code.create', subject: `promo_code:${id}`, before: null, after });
        return after;
      });
    } catch (error) {
      // Two owners creating one code at once: the unique index keeps one, the other hears it is taken.
      if (isUniqueViolation(error)) throw taken();
      throw error;
    }
  }

  async updatePromoCode(actor: ConsoleActor, id: number, body: UpdatePromoCodeBody): Promise<ConsolePromoCode> {
    return this.#db.transaction().execute(async (tx) => {
      const locked = await tx.selectFrom('coupons').select('id').where('channel_id', '=', actor.channelId).where('id', '=', id).forUpdate().executeTakeFirst();
      if (!locked) throw new OfferProblem('id', OFFER_ERROR_CODES.promoNotFound, 'Promo code not found.', 404);
      const before = await this.#promo(tx, actor.channelId, id);
      // A percentage given replaces the amount and the other way round, so a code changes kind in one edit.
      const percentOff = body.percentOff !== undefined ? body.percentOff : body.amountOff !== undefined && body.amountOff !== null ? null : before.percentOff;
      const amountOff = body.amountOff !== undefined ? body.amountOff : body.percentOff !== undefined && body.percentOff !== null ? null : before.amountOff;
      const appliesTo = body.appliesTo ?? before.appliesTo;
      const values: PromoValues = {
        code: before.code,
        percentOff,
        amountOff,
        appliesTo,
        packageIds: body.packageIds !== undefined ? unique(body.packageIds) : appliesTo === 'offers' ? before.packageIds : [],
        subscriptionIds: body.subscriptionIds !== undefined ? unique(body.subscriptionIds) : appliesTo === 'offers' ? before.subscriptionIds : [],
        validFrom: body.validFrom !== undefined ? body.validFrom : before.validFrom,
        validUntil: body.validUntil !== undefined ? body.validUntil : before.validUntil,
        maxUses: body.maxUses !== undefined ? body.maxUses : before.maxUses,
        perViewer: body.perViewer !== undefined ? body.perViewer : before.perViewer,
      };
      await this.#checkPromo(tx, actor.channelId, values);
      await tx.updateTable('coupons').set({ ...this.#promoColumns(values), origin: 'console' }).where('channel_id', '=', actor.channelId).where('id', '=', id).execute();
      const after = await this.#promo(tx, actor.channelId, id);
      await this.#audit(tx, { actor, action: 'promo_code.update', subject: `promo_code:${id}`, before, after });
      return after;
    });
  }
}
