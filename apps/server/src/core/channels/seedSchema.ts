import { AccessType, AnalyticsConsent, BillingPeriod, Capability, ColorSettings, CustomForm, CustomFormAlias, ErrorDsn, Gender, MenuItemType, MenuPlacement, PackageScope, PurchasableKind, SlidableType, StaticBlock, StreamStatus, VodAccessLevel } from '@grandstand/contract';
import { z } from 'zod';

// `channels/<slug>/seed.json`: a channel's demo data (documented in channels/README.md). Rows point at each
// other through string refs; the database assigns the numeric ids when the seed is applied.
const Ref = z.string().min(1);
/** What a pass may grant while it runs (spec §6 permission features vod_media_access, no_ads). */
const PassCapability = z.enum(['vod_media', 'no_ads']);

/**
 * The on-demand library (spec §3 Vod media item, Vod rail). An item's ref is also its media
 * folder's name (vod/<channel-slug>/<ref>/, made by `prepare-media`), so it is a plain folder
 * name, and never `rec-<n>`: the recordings' folders live beside it.
 */
const VodSeed = z
  .object({
    categories: z.array(z.object({ ref: Ref, name: z.string().min(1), alias: z.string().trim().min(1).max(60) })).default([]),
    items: z
      .array(
        z.object({
          ref: z
            .string()
            .regex(/^[a-z0-9-]{1,60}$/, 'a media folder name: [a-z0-9-]{1,60}')
            .refine((ref) => !/^rec-[0-9]+$/.test(ref), 'rec-<n> is a recording folder'),
          title: z.string().trim().min(1).max(200),
          description: z.string().max(5000).nullable().default(null),
          date: z.iso.date(),
          category: Ref.nullable().default(null),
          access: VodAccessLevel.default('free'),
          duration: z.number().int().min(8).max(90),
          look: z.object({ color: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'a #rrggbb colour'), caption: z.string().min(1).max(80) }),
        }),
      )
      .default([]),
    rails: z.array(z.object({ ref: Ref, title: z.string().trim().min(1).max(200), items: z.array(Ref) })).default([]),
  })
  .superRefine((vod, ctx) => {
    const unique = (values: string[], path: string) => {
      const seen = new Set<string>();
      values.forEach((value, index) => {
        if (seen.has(value)) ctx.addIssue({ code: 'custom', path: [path, index], message: `"${value}" appears twice` });
        seen.add(value);
      });
    };
    unique(vod.categories.map((c) => c.ref), 'categories');
    unique(vod.categories.map((c) => c.alias), 'categories');
    unique(vod.items.map((i) => i.ref), 'items');
    unique(vod.rails.map((r) => r.ref), 'rails');
    vod.rails.forEach((rail, index) => unique(rail.items, `rails.${index}.items`));
  });

export const ChannelSeed = z.object({
  settings: z.object({
    'google-analytics': z.string().nullable().default(null),
    analytics_key: z.string().nullable().default(null),
    // spec §7: where the site's request error reports go; null sends none.
    error_dsn: ErrorDsn.nullable().default(null),
    // Whether the site asks before it tracks (contract AnalyticsConsent).
    analytics_consent: AnalyticsConsent.default('notice'),
    auth: z.object({ remote_auth: z.union([z.literal(0), z.literal(1)]), device_linking: z.union([z.literal(0), z.literal(1)]).optional() }).default({ remote_auth: 0 }),
    remoteAuth: z.string().nullable().default(null),
    static_blocks: z.array(StaticBlock).default([]),
    preroll_time: z.number().int().positive().default(3_600_000),
    // spec §3 Geo: ISO 3166-1 alpha-2 codes of the countries where the channel may not be watched.
    blocked_countries: z.array(z.string().regex(/^[A-Za-z]{2}$/, 'an ISO 3166-1 alpha-2 code').transform((code) => code.toUpperCase())).default([]),
  }),
  colorSettings: ColorSettings,
  eventCategories: z.array(z.object({ ref: Ref, name: z.string(), alias: z.string().nullable().default(null), parent: Ref.nullable().default(null) })).default([]),
  locations: z
    .array(z.object({ ref: Ref, name: z.string(), city: z.string().nullable().default(null), state: z.string().nullable().default(null), country: z.string().nullable().default(null) }))
    .default([]),
  participantGroups: z
    .array(
      z.object({
        ref: Ref,
        name: z.string(),
        alias: z.string().nullable().default(null),
        image: z.string().nullable().default(null),
        city: z.string().nullable().default(null),
        state: z.string().nullable().default(null),
      }),
    )
    .default([]),
  participants: z
    .array(
      z.object({
        ref: Ref,
        name: z.string(),
        short_name: z.string().nullable().default(null),
        alias: z.string().nullable().default(null),
        color: z.string().nullable().default(null),
        group: Ref.nullable().default(null),
        gender: Gender.nullable().default(null),
        sport: Ref.nullable().default(null),
        parent: Ref.nullable().default(null),
      }),
    )
    .default([]),
  pages: z.array(z.object({ ref: Ref, url: z.string().startsWith('/'), name: z.string(), alt_name: z.string().nullable().default(null), content: z.string() })).default([]),
  menu: z
    .array(
      z.object({
        title: z.string(),
        type: MenuItemType,
        placement: MenuPlacement,
        url: z.string().nullable().default(null),
        page: Ref.nullable().default(null),
        participant_group: Ref.nullable().default(null),
        vod_media_id: z.number().int().nullable().default(null),
      }),
    )
    .default([]),
  slides: z
    .array(
      z.object({
        title: z.string(),
        subtitle: z.string().nullable().default(null),
        image: z.string().nullable().default(null),
        slidable_type: SlidableType,
        slidable: Ref.nullable().default(null),
        url: z.string().nullable().default(null),
      }),
    )
    .default([]),
  faq: z.array(z.object({ question: z.string(), answer: z.string() })).default([]),
  // The form as GET /custom-forms/{alias} answers it, its alias one that POST accepts.
  customForms: z.array(CustomForm.extend({ alias: CustomFormAlias })).default([]),
  prerolls: z
    .array(
      z.object({
        ref: Ref,
        url: z.string().min(1),
        weight: z.number().int().min(0),
        location: Ref.nullable().default(null),
        categories: z.array(Ref).default([]),
        for_vod: z.boolean(),
        for_live: z.boolean(),
      }),
    )
    .default([]),
  events: z
    .array(
      z.object({
        ref: Ref,
        name: z.string(),
        type: z.enum(['paid', 'other']),
        access_type: AccessType,
        home: Ref.nullable().default(null),
        away: Ref.nullable().default(null),
        starts_in_minutes: z.number().int(),
        duration_minutes: z.number().int().positive(),
        stream_status: StreamStatus,
        time_zone: z.string().min(1),
        category: Ref.nullable().default(null),
        location: Ref.nullable().default(null),
        base_price: z.number().nonnegative().default(0),
        service_fee: z.number().nonnegative().default(0),
        image: z.string().nullable().default(null),
        homepage: z.boolean().default(false),
      }),
    )
    .default([]),
  // The channel's offers (spec §3 Package, Subscription) and promo codes. Prices in the
  // channel's currency; a package's categories and teams are refs.
  packages: z
    .array(
      z.object({
        name: z.string().min(1),
        description: z.string().nullable().default(null),
        scope: PackageScope,
        is_team_pass: z.boolean().default(false),
        categories: z.array(Ref).default([]),
        participants: z.array(Ref).default([]),
        base_price: z.number().nonnegative().default(0),
        service_fee: z.number().nonnegative().default(0),
        offer: BillingPeriod.nullable().default(null),
        period: z.number().int().positive().nullable().default(null),
        weight: z.number().int().default(0),
        // What the pass grants while it runs (spec §6): `vod_media` opens the on-demand library.
        capabilities: z.array(PassCapability).default([]),
        // spec §2: the channel's free basic pass (its prices 0), replaced by a premium offer bought.
        basic: z.boolean().default(false),
        // spec §6: the pass grants this many games of the viewer's choosing within its scope.
        quota: z.number().int().positive().nullable().default(null),
      }).refine((p) => !p.basic || (p.scope === 'category' && p.base_price === 0 && p.service_fee === 0), 'a basic pass is a free pass: scope category, base_price and service_fee 0'),
    )
    .default([]),
  subscriptions: z
    .array(
      z.object({
        name: z.string().min(1),
        description: z.string().nullable().default(null),
        base_price: z.number().nonnegative(),
        service_fee: z.number().nonnegative().default(0),
        offer: BillingPeriod,
        period: z.number().int().positive().default(1),
        trial_period: z.number().int().nonnegative().default(0),
        weight: z.number().int().default(0),
        capabilities: z.array(PassCapability).default([]),
      }),
    )
    .default([]),
  coupons: z
    .array(
      z
        .object({
          code: z.string().trim().min(1).max(64),
          percent_off: z.number().int().min(1).max(100).nullable().default(null),
          amount_off: z.number().positive().nullable().default(null),
          applies_to: PurchasableKind.nullable().default(null),
          // Relative to the seed's time, like events (negative: already expired); null: never expires.
          expires_in_days: z.number().int().nullable().default(null),
          max_redemptions: z.number().int().positive().nullable().default(null),
        })
        .refine((c) => (c.percent_off === null) !== (c.amount_off === null), 'exactly one of percent_off and amount_off'),
    )
    .default([]),
  // Demo viewers, seeded with hashed passwords (documented in channels/README.md).
  users: z
    .array(
      z.object({
        email: z.string().regex(/^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/, 'an email address'),
        password: z.string().min(8).max(128),
        first_name: z.string().min(1).max(100),
        last_name: z.string().min(1).max(100),
        verified: z.boolean().default(true),
        temporary_password: z.boolean().default(false),
        // The account's own capabilities (spec §3 User), e.g. `no_ads` for the demo's ad-free viewer.
        capabilities: z.array(Capability).default([]),
      }),
    )
    .default([]),
  // Demo operators of the control room (documented in channels/README.md): one address on several
  // channels' seeds is one operator with a role on each (a platform owner).
  operators: z
    .array(
      z.object({
        email: z.string().regex(/^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/, 'an email address'),
        name: z.string().min(1).max(100),
        password: z.string().min(8).max(128),
        role: z.enum(['owner', 'producer', 'support', 'analyst']),
        /** Runs the platform (creates and suspends channels) from the default host's control room. */
        platform_owner: z.boolean().default(false),
      }),
    )
    .default([]),
  vod: VodSeed.default({ categories: [], items: [], rails: [] }),
});
export type ChannelSeed = z.infer<typeof ChannelSeed>;

/** Parses a seed.json, naming the file and the field at fault, so a bad file is fixed at once. */
export function parseChannelSeed(raw: unknown, file: string): ChannelSeed {
  const result = ChannelSeed.safeParse(raw);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
    throw new Error(`${file} is not a valid channel seed:\n  ${problems.join('\n  ')}`);
  }
  return result.data;
}
