import { z } from 'zod';

/**
 * The control room's offers and promo codes (`/api/console/offers…`, `/api/console/promo-codes…`),
 * the channel owner's: packages (the single-event package, category passes and team passes) and
 * subscriptions (monthly, annual, with trial days) with their prices, service fees and what they
 * grant; retired offers leave the viewers' lists and checkout but keep giving access (and renewing
 * at the price their holders agreed to). Promo codes: a percentage or an amount off the base price,
 * on every offer, single events, every package, every subscription or chosen offers, valid from and
 * until, with total and per-viewer limits and their uses counted. Field names are the console's own
 * (camelCase), not the viewers' API's.
 */

/** The longest offer name and description. */
export const OFFER_NAME_MAX = 120;
export const OFFER_DESCRIPTION_MAX = 1_000;
/** The highest price or fee, in the channel's currency. */
export const OFFER_PRICE_MAX = 10_000;
/** A promo code: letters, digits, `-` and `_`, 3 to 40 characters (matched without regard to case). */
export const PROMO_CODE_PATTERN = /^[A-Za-z0-9_-]{3,40}$/;

/** The most games a quota pass may grant. */
export const QUOTA_MAX = 1_000;

/** What an offer grants while it runs, beside access to its events. */
export const OfferCapability = z.enum(['vod_media', 'no_ads', 'download']);
export type OfferCapability = z.infer<typeof OfferCapability>;

/** A package's kind: the single-event package (priced by each event), a category pass, a team pass. */
export const PackageKind = z.enum(['single', 'category', 'team_pass']);
export type PackageKind = z.infer<typeof PackageKind>;

/** How long a pass lasts: `period` calendar months (`month`) or years (`annual`). */
export const PassBilling = z.enum(['month', 'annual']);
export type PassBilling = z.infer<typeof PassBilling>;
/** How often a subscription renews: every 30 days × period (`monthly`) or 12 months × period (`annual`). */
export const SubscriptionBilling = z.enum(['monthly', 'annual']);
export type SubscriptionBilling = z.infer<typeof SubscriptionBilling>;

const Id = z.number().int().positive().max(2_147_483_647);
/** Money in the channel's currency, at most 2 decimals (the server rounds to cents). */
const Money = z.number().min(0).max(OFFER_PRICE_MAX);
const Name = z.string().trim().min(1).max(OFFER_NAME_MAX);
const Description = z.string().trim().max(OFFER_DESCRIPTION_MAX).nullable();
const Capabilities = z.array(OfferCapability).max(3);
const Weight = z.number().int().min(-1000).max(1000);
const Instant = z.iso.datetime({ offset: true });

/** One package as the control room shows it. */
export const ConsolePackage = z.object({
  id: z.number().int(),
  kind: PackageKind,
  name: z.string(),
  description: z.string().nullable(),
  /** Category pass: the categories it covers (their sub-categories included); team pass: the categories it is narrowed to (none: all). */
  categoryIds: z.array(z.number().int()),
  /** Team pass: the teams a buyer chooses from. */
  teamIds: z.array(z.number().int()),
  /** The list price; 0 for the single-event package (each event has its own). */
  price: z.number(),
  serviceFee: z.number(),
  /** How long a pass lasts; null for the single-event package (the event stays bought). */
  billing: PassBilling.nullable(),
  period: z.number().int().nullable(),
  capabilities: z.array(OfferCapability),
  /** The channel's free basic pass (spec §2): taken in one click, replaced by a premium offer bought. */
  basic: z.boolean(),
  /** Games of the viewer's choosing within the pass's scope (spec §6 quota); null: every event in it. */
  quota: z.number().int().nullable(),
  /** Lower first in the viewers' lists. */
  weight: z.number().int(),
  /** When it was retired (ISO 8601), or null while it is sold. */
  retiredAt: z.string().nullable(),
  /** Viewers holding it now (paid orders still giving access). */
  holders: z.number().int(),
});
export type ConsolePackage = z.infer<typeof ConsolePackage>;

/** One subscription as the control room shows it. */
export const ConsoleSubscription = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  price: z.number(),
  serviceFee: z.number(),
  billing: SubscriptionBilling,
  period: z.number().int(),
  /** Free-trial days before the first charge; 0 for none. */
  trialDays: z.number().int(),
  capabilities: z.array(OfferCapability),
  weight: z.number().int(),
  retiredAt: z.string().nullable(),
  holders: z.number().int(),
});
export type ConsoleSubscription = z.infer<typeof ConsoleSubscription>;

/** `GET /api/console/offers`: every package and subscription, retired ones included, and what the forms pick from. */
export const ConsoleOffersResponse = z.object({
  packages: z.array(ConsolePackage),
  subscriptions: z.array(ConsoleSubscription),
  categories: z.array(z.object({ id: z.number().int(), name: z.string(), parentId: z.number().int().nullable() })),
  teams: z.array(z.object({ id: z.number().int(), name: z.string() })),
  currency: z.string(),
});
export type ConsoleOffersResponse = z.infer<typeof ConsoleOffersResponse>;

export const ConsolePackageResponse = z.object({ package: ConsolePackage });
export type ConsolePackageResponse = z.infer<typeof ConsolePackageResponse>;
export const ConsoleSubscriptionResponse = z.object({ subscription: ConsoleSubscription });
export type ConsoleSubscriptionResponse = z.infer<typeof ConsoleSubscriptionResponse>;

const PackageFields = z.object({
  kind: PackageKind,
  name: Name,
  description: Description,
  categoryIds: z.array(Id).max(100),
  teamIds: z.array(Id).max(500),
  price: Money,
  serviceFee: Money,
  billing: PassBilling.nullable(),
  period: z.number().int().min(1).max(36).nullable(),
  capabilities: Capabilities,
  /** The basic pass is free: price and fee 0, and not the single-event package. */
  basic: z.boolean(),
  /** A pass (not the single-event package) may grant only this many games, picked by the viewer. */
  quota: z.number().int().min(1).max(QUOTA_MAX).nullable(),
  weight: Weight,
});

/**
 * `POST /api/console/offers/packages`. A category pass needs a category, a team pass a team, and
 * both a billing and a period (a pass ends); the single-event package has no price, billing or teams.
 * Absent: no description, categories, teams or capabilities; price and fee 0; weight 0; not basic; no quota.
 */
export const CreatePackageBody = PackageFields.partial().required({ kind: true, name: true }).strict();
export type CreatePackageBody = z.input<typeof CreatePackageBody>;

/** `PATCH /api/console/offers/packages/:id`: any subset but the kind. A price change is for new buyers only: holders renew at theirs. */
export const UpdatePackageBody = PackageFields.omit({ kind: true }).partial().strict();
export type UpdatePackageBody = z.input<typeof UpdatePackageBody>;

const SubscriptionFields = z.object({
  name: Name,
  description: Description,
  price: Money,
  serviceFee: Money,
  billing: SubscriptionBilling,
  period: z.number().int().min(1).max(36),
  trialDays: z.number().int().min(0).max(365),
  capabilities: Capabilities,
  weight: Weight,
});

/** `POST /api/console/offers/subscriptions`. Absent: no description or capabilities; fee 0; period 1; no trial; weight 0. */
export const CreateSubscriptionBody = SubscriptionFields.partial().required({ name: true, price: true, billing: true }).strict();
export type CreateSubscriptionBody = z.input<typeof CreateSubscriptionBody>;

/** `PATCH /api/console/offers/subscriptions/:id`: any subset. */
export const UpdateSubscriptionBody = SubscriptionFields.partial().strict();
export type UpdateSubscriptionBody = z.input<typeof UpdateSubscriptionBody>;

/** What a promo code is good for: every offer, single events, every package, every subscription, or the offers it names. */
export const PromoAppliesTo = z.enum(['all', 'event', 'package', 'subscription', 'offers']);
export type PromoAppliesTo = z.infer<typeof PromoAppliesTo>;

/** One promo code as the control room shows it. */
export const ConsolePromoCode = z.object({
  id: z.number().int(),
  code: z.string(),
  /** A whole percentage off the base price (1–100), or null for an amount. */
  percentOff: z.number().int().nullable(),
  /** An amount off the base price, or null for a percentage. */
  amountOff: z.number().nullable(),
  appliesTo: PromoAppliesTo,
  /** With `appliesTo: 'offers'`: the packages and subscriptions it is good for. */
  packageIds: z.array(z.number().int()),
  subscriptionIds: z.array(z.number().int()),
  /** ISO 8601, or null: from its creation, until it is ended. */
  validFrom: z.string().nullable(),
  validUntil: z.string().nullable(),
  /** Uses in all; null: no limit. */
  maxUses: z.number().int().nullable(),
  /** Uses per viewer; null: no limit. */
  perViewer: z.number().int().nullable(),
  /** Orders that used it (an order that failed gives its use back). */
  uses: z.number().int(),
});
export type ConsolePromoCode = z.infer<typeof ConsolePromoCode>;

export const ConsolePromoCodesResponse = z.object({ promoCodes: z.array(ConsolePromoCode) });
export type ConsolePromoCodesResponse = z.infer<typeof ConsolePromoCodesResponse>;
export const ConsolePromoCodeResponse = z.object({ promoCode: ConsolePromoCode });
export type ConsolePromoCodeResponse = z.infer<typeof ConsolePromoCodeResponse>;

const PromoFields = z.object({
  code: z.string().trim().regex(PROMO_CODE_PATTERN, 'must be 3 to 40 letters, digits, - or _'),
  percentOff: z.number().int().min(1).max(100).nullable(),
  amountOff: z.number().positive().max(OFFER_PRICE_MAX).nullable(),
  appliesTo: PromoAppliesTo,
  packageIds: z.array(Id).max(200),
  subscriptionIds: z.array(Id).max(200),
  validFrom: Instant.nullable(),
  validUntil: Instant.nullable(),
  maxUses: z.number().int().min(1).max(1_000_000).nullable(),
  perViewer: z.number().int().min(1).max(1_000).nullable(),
});

/**
 * `POST /api/console/promo-codes`. Exactly one of `percentOff` and `amountOff`; `validUntil` after
 * `validFrom`; with `appliesTo: 'offers'`, at least one of the channel's offers. A code is unique in
 * the channel, whatever its case. Absent: every offer, no dates, no limits.
 */
export const CreatePromoCodeBody = PromoFields.partial().required({ code: true }).strict();
export type CreatePromoCodeBody = z.input<typeof CreatePromoCodeBody>;

/** `PATCH /api/console/promo-codes/:id`: any subset but the code itself (viewers may have it written down). */
export const UpdatePromoCodeBody = PromoFields.omit({ code: true }).partial().strict();
export type UpdatePromoCodeBody = z.input<typeof UpdatePromoCodeBody>;

/** The refusal codes of the offers' and promo codes' routes (beside the field). */
export const OFFER_ERROR_CODES = {
  notFound: 'OFFER_NOT_FOUND',
  promoNotFound: 'PROMO_CODE_NOT_FOUND',
  invalid: 'OFFER_INVALID',
  unknownCategory: 'UNKNOWN_CATEGORY',
  unknownTeam: 'UNKNOWN_TEAM',
  unknownOffer: 'UNKNOWN_OFFER',
  codeTaken: 'PROMO_CODE_TAKEN',
  singleRequired: 'SINGLE_EVENT_PACKAGE_REQUIRED',
} as const;
export type OfferErrorCode = (typeof OFFER_ERROR_CODES)[keyof typeof OFFER_ERROR_CODES];
