import { z } from 'zod';
import { ColorSettings } from '../channel.ts';
import { HexColor } from '../common.ts';
import { isPublicOrigin, PUBLIC_ORIGIN_PROBLEM } from '../channelConfig.ts';
import { Language } from '../enums.ts';

/**
 * Channels as data (spec §1: a channel's look, menu, language and currency come from server
 * settings): the platform owner's calls that create, rename, suspend and restore channels
 * (`/api/console/platform/channels`), and a channel owner's calls that edit its look, logo and
 * custom domains (`/api/console/channel/...`). Errors are `ApiErrorBody`; the channel-specific
 * refusals carry one of `CHANNEL_ERROR_CODES` in `code`, the guard's the console's own codes.
 */

/** The machine codes of these calls' refusals, and of a suspended channel's API answers. */
export const CHANNEL_ERROR_CODES = {
  /** A suspended channel hands out no stream, media or purchase (403). */
  suspended: 'channel_suspended',
  /** The hostname serves another channel already (409). */
  domainTaken: 'domain_taken',
  /** A channel with this slug exists (409). */
  slugTaken: 'slug_taken',
  /** The logo is not an SVG, PNG or JPEG, is too large, or is an SVG with scripts (400/413/415). */
  logoRefused: 'logo_refused',
} as const;
export type ChannelErrorCode = (typeof CHANNEL_ERROR_CODES)[keyof typeof CHANNEL_ERROR_CODES];

export const ChannelStatus = z.enum(['active', 'suspended']);
export type ChannelStatus = z.infer<typeof ChannelStatus>;
export const CHANNEL_STATUSES = ChannelStatus.options;

export const ChannelSlug = z.string().regex(/^[a-z0-9-]{2,40}$/, 'must be 2 to 40 lowercase letters, digits or hyphens');
const ChannelName = z.string().trim().min(1, 'must not be empty').max(80);
const Currency = z.string().regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code like USD');
const Email = z.string().trim().toLowerCase().min(3).max(254).email('must be an email address');
/** Where the channel's site is public: the base of its mailed links (channel.json `publicOrigin`). */
const PublicOrigin = z.string().refine(isPublicOrigin, PUBLIC_ORIGIN_PROBLEM);

/**
 * A custom domain as a viewer types it: lower-case DNS labels with at least one dot
 * (`watch.northfield.example`), no scheme, port, path or trailing dot, not an IP address and not
 * under `localhost` (those hosts name channels by slug already).
 */
export const ChannelHostname = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(/^(?=.{4,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?$/, 'must be a domain name like watch.example.com (no scheme, port or path)')
  .refine((host) => host !== 'localhost' && !host.endsWith('.localhost'), 'must not be under localhost');
export type ChannelHostname = z.infer<typeof ChannelHostname>;

/** A channel as the platform owner's list shows it. */
export const PlatformChannel = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  language: Language,
  currency: z.string(),
  status: ChannelStatus,
  /** Its custom domains, besides `<slug>.localhost` and its configured public origin. */
  domains: z.array(z.string()),
  is_default: z.boolean(),
  /** The base of its mailed links and redirects: configured, or derived in development (`http://<slug>.localhost:<port>`). */
  public_origin: z.string().optional(),
  /** ISO 8601; when the channel's row last changed. */
  updated_at: z.string(),
});
export type PlatformChannel = z.infer<typeof PlatformChannel>;

export const PlatformChannelsResponse = z.object({ channels: z.array(PlatformChannel) });
export type PlatformChannelsResponse = z.infer<typeof PlatformChannelsResponse>;

export const PlatformChannelResponse = z.object({ channel: PlatformChannel });
export type PlatformChannelResponse = z.infer<typeof PlatformChannelResponse>;

/**
 * POST /api/console/platform/channels: a new channel, its look from a default palette, no demo
 * data; `owner_email` is invited as its owner (the invitation mail, as an owner invites operators).
 */
export const CreatePlatformChannelBody = z.object({
  slug: ChannelSlug,
  name: ChannelName,
  language: Language,
  currency: Currency,
  owner_email: Email,
});
export type CreatePlatformChannelBody = z.infer<typeof CreatePlatformChannelBody>;

/**
 * PATCH /api/console/platform/channels/:id: any subset. `public_origin`: where the channel's site is
 * public, the base of its mailed links from then on (without one, the development origin is derived).
 */
export const UpdatePlatformChannelBody = z.object({ name: ChannelName.optional(), status: ChannelStatus.optional(), public_origin: PublicOrigin.optional() }).strict();
export type UpdatePlatformChannelBody = z.infer<typeof UpdatePlatformChannelBody>;

/** GET /api/console/channel/look: what the owner's Look page edits. */
export const ChannelLook = z.object({
  name: z.string(),
  description: z.string().nullable(),
  /** Paint the first frame before the colour settings arrive (channel.json `fallbackColors`). */
  fallback_colors: ColorSettings,
  /** The colour settings the site's theme is made of (GET /color-settings/web). */
  colors: ColorSettings,
  /** Where the site reads the logo, null when the channel has none. */
  logo_url: z.string().nullable(),
  favicon_url: z.string().nullable(),
  /** ISO 8601: the page's version; a viewer's next page load shows a change. */
  updated_at: z.string(),
});
export type ChannelLook = z.infer<typeof ChannelLook>;

const ColorPatch = z.object(Object.fromEntries(Object.keys(ColorSettings.shape).map((key) => [key, HexColor.optional()])) as { [K in keyof ColorSettings]: z.ZodOptional<typeof HexColor> }).strict();

/** PUT /api/console/channel/look: any subset; each colour `#rrggbb`, a bad one named by its path (`colors.primary-color`). */
export const UpdateChannelLookBody = z
  .object({
    name: ChannelName.optional(),
    description: z.string().trim().max(300).nullable().optional(),
    fallback_colors: ColorPatch.optional(),
    colors: ColorPatch.optional(),
  })
  .strict();
export type UpdateChannelLookBody = z.infer<typeof UpdateChannelLookBody>;

/** PUT /api/console/channel/logo: the picture as the raw body, its type in Content-Type. */
export const CHANNEL_LOGO_TYPES = ['image/svg+xml', 'image/png', 'image/jpeg'] as const;
export const CHANNEL_LOGO_MAX_BYTES = 256 * 1024;

export const ChannelDomain = z.object({ hostname: z.string(), created_at: z.string() });
export type ChannelDomain = z.infer<typeof ChannelDomain>;

export const ChannelDomainsResponse = z.object({ domains: z.array(ChannelDomain) });
export type ChannelDomainsResponse = z.infer<typeof ChannelDomainsResponse>;

/** POST /api/console/channel/domains. */
export const AddChannelDomainBody = z.object({ hostname: ChannelHostname }).strict();
export type AddChannelDomainBody = z.infer<typeof AddChannelDomainBody>;

export const ChannelDomainParams = z.object({ hostname: ChannelHostname });
export type ChannelDomainParams = z.infer<typeof ChannelDomainParams>;

/** GET/PUT /api/console/channel/faq: the channel's FAQ (spec §7 `/faq`) as a whole, in order. */
export const ChannelFaqItem = z.object({ question: z.string().trim().min(1, 'must not be empty').max(300), answer: z.string().trim().min(1, 'must not be empty').max(5000) }).strict();
export type ChannelFaqItem = z.infer<typeof ChannelFaqItem>;
export const ChannelFaq = z.object({ items: z.array(ChannelFaqItem).max(100) }).strict();
export type ChannelFaq = z.infer<typeof ChannelFaq>;

/**
 * GET/PUT /api/console/channel/blocks: the channel's static blocks (settings `static_blocks`: about
 * text, footer notes; HTML the site sanitises before it shows it), each alias once.
 */
export const ChannelBlock = z
  .object({
    alias: z.string().trim().regex(/^[a-z0-9][a-z0-9_-]{0,59}$/, 'must be 1 to 60 lowercase letters, digits, _ or -'),
    title: z.string().trim().max(200),
    content: z.string().max(20_000),
  })
  .strict();
export type ChannelBlock = z.infer<typeof ChannelBlock>;
export const ChannelBlocks = z
  .object({ blocks: z.array(ChannelBlock).max(50) })
  .strict()
  .superRefine((value, ctx) => {
    const seen = new Set<string>();
    value.blocks.forEach((block, index) => {
      if (seen.has(block.alias)) ctx.addIssue({ code: 'custom', path: ['blocks', index, 'alias'], message: 'is used by another block' });
      seen.add(block.alias);
    });
  });
export type ChannelBlocks = z.infer<typeof ChannelBlocks>;

/**
 * The bounds of the settings a channel's owner sets on the Settings page (GET/PUT
 * `/api/console/channel/settings`), said by the page before the server would. A stream address
 * lives at most an hour: a refunded or suspended viewer's open player stops at its next renewal.
 */
export const CHANNEL_SETTINGS_BOUNDS = {
  max_clips: { min: 1, max: 1000 },
  seconds_per_day: { min: 10, max: 86_400 },
  downloads_per_day: { min: 1, max: 1000 },
  storage_quota_mb: { min: 1, max: 1_048_576 },
  shares_per_event: { min: 1, max: 1000 },
  token_lifetime_seconds: { min: 30, max: 3600 },
} as const;
export type ChannelSettingsBound = keyof typeof CHANNEL_SETTINGS_BOUNDS;

const bounded = (name: ChannelSettingsBound) => {
  const { min, max } = CHANNEL_SETTINGS_BOUNDS[name];
  return z.number().int('must be a whole number').min(min, `must be at least ${min}`).max(max, `must be at most ${max}`);
};

/**
 * Where the site's link-device page sends a viewer when the channel links devices elsewhere
 * (spec §2, settings `remoteAuth`): an https address, or http on localhost for a demo.
 */
export function isRemoteAuthUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.username !== '' || url.password !== '') return false;
  return url.protocol === 'https:' || (url.protocol === 'http:' && (url.hostname === 'localhost' || url.hostname.endsWith('.localhost')));
}
/** A country as the geo database names it (ISO 3166-1 alpha-2), in capitals whatever case it came in. */
const CountryCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2}$/, 'must be a two-letter country code like CA')
  .transform((code) => code.toUpperCase());
const RemoteAuthUrl = z.string().trim().max(500).refine(isRemoteAuthUrl, 'must be an https address like https://link.example.com/device');

/**
 * A channel's settings as its owner sees them. A number left null is the server's default
 * (`defaults`, from its environment: `CLIP_DEFAULT_MAX_CLIPS`, `CLIP_STORAGE_QUOTA_MB`,
 * `MEDIA_TOKEN_LIFETIME`…).
 */
export const ConsoleChannelSettings = z.object({
  /** Viewer clips (spec §6 counters): per viewer, the channel's disk and how clips of paid games are shared. */
  clips: z.object({
    max_clips: z.number().int().nullable(),
    seconds_per_day: z.number().int().nullable(),
    downloads_per_day: z.number().int().nullable(),
    storage_quota_mb: z.number().int().nullable(),
    /** Clips of paid games play for anyone with the link (otherwise only for those who may watch the game). */
    public_paid_shares: z.boolean(),
    /** Clips one viewer may make of one paid game. */
    shares_per_event: z.number().int(),
  }),
  stream: z.object({ token_lifetime_seconds: z.number().int().nullable() }),
  /** Lower renditions beside the camera's own picture (channel.json `live.ladder`), from the next game that starts. */
  live: z.object({ ladder: z.boolean() }),
  /**
   * Device linking (spec §2, §3 `auth.remote_auth`, `remoteAuth`): whether viewers may link a device
   * (a TV) with a code at all (`enabled`), and whether on this site or at the channel's own address.
   */
  devices: z.object({ enabled: z.boolean(), remote_auth: z.boolean(), remote_auth_url: z.string().nullable() }),
  /** The regions where nothing of the channel plays (spec §2, §3 Geo): ISO 3166-1 alpha-2 country codes. */
  geo: z.object({ blocked_countries: z.array(z.string()) }),
});
export type ConsoleChannelSettings = z.infer<typeof ConsoleChannelSettings>;

/** GET/PUT /api/console/channel/settings' answer. */
export const ConsoleChannelSettingsResponse = z.object({
  settings: ConsoleChannelSettings,
  /** What a null setting means: the server's own value. */
  defaults: z.object({
    clips: z.object({ max_clips: z.number().int(), seconds_per_day: z.number().int(), downloads_per_day: z.number().int(), storage_quota_mb: z.number().int() }),
    stream: z.object({ token_lifetime_seconds: z.number().int() }),
  }),
  /** Whether the channel offers viewer clips at all (channel.json `clips`); its clip settings are kept only then. */
  clips_enabled: z.boolean(),
});
export type ConsoleChannelSettingsResponse = z.infer<typeof ConsoleChannelSettingsResponse>;

/**
 * PUT /api/console/channel/settings: any subset; a number set to null goes back to the server's
 * default. A bad value is refused naming its path (`clips.max_clips`).
 */
export const UpdateConsoleChannelSettingsBody = z
  .object({
    clips: z
      .object({
        max_clips: bounded('max_clips').nullable().optional(),
        seconds_per_day: bounded('seconds_per_day').nullable().optional(),
        downloads_per_day: bounded('downloads_per_day').nullable().optional(),
        storage_quota_mb: bounded('storage_quota_mb').nullable().optional(),
        public_paid_shares: z.boolean().optional(),
        shares_per_event: bounded('shares_per_event').optional(),
      })
      .strict()
      .optional(),
    stream: z.object({ token_lifetime_seconds: bounded('token_lifetime_seconds').nullable().optional() }).strict().optional(),
    live: z.object({ ladder: z.boolean().optional() }).strict().optional(),
    devices: z.object({ enabled: z.boolean().optional(), remote_auth: z.boolean().optional(), remote_auth_url: RemoteAuthUrl.nullable().optional() }).strict().optional(),
    geo: z
      .object({
        blocked_countries: z
          .array(CountryCode)
          .max(250, 'must list at most 250 countries')
          .transform((codes) => [...new Set(codes)].sort()),
      })
      .strict()
      .optional(),
  })
  .strict();
export type UpdateConsoleChannelSettingsBody = z.infer<typeof UpdateConsoleChannelSettingsBody>;
