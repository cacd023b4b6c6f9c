import { z } from 'zod';
import { ChannelClipsConfig } from './clips.ts';
import { ColorSettings } from './channel.ts';
import { Language } from './enums.ts';

/**
 * An http(s) origin exactly as a browser names it (`https://watch.example.com`,
 * `http://localhost:8080`): scheme, lower-case host and a non-default port, nothing else — no
 * path, trailing slash, query, fragment or credentials. Mailed links and redirects are built on it.
 */
export function isPublicOrigin(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === value;
}

export const PUBLIC_ORIGIN_PROBLEM = 'must be an http(s) origin like https://watch.example.com (no path, trailing slash, query or credentials)';

/** A picture file inside the channel folder: a relative path of plain names, no `..`, no leading `/`. */
export const CHANNEL_PICTURE_FILE = /^(?:[A-Za-z0-9][\w-]{0,60}\/)?[A-Za-z0-9][\w.-]{0,100}\.(svg|png|jpe?g|webp)$/;
const CrestFile = z.string().regex(CHANNEL_PICTURE_FILE, 'must be a file of the channel folder like crests/lions.png (svg, png, jpg or webp)');

/**
 * `channels/<slug>/channel.json`: who a channel is, read at build time by the site and at start by
 * the server. Adding a channel is adding a folder; no code changes (architecture: channels are data).
 */
export const ChannelConfig = z.object({
  slug: z.string().regex(/^[a-z0-9-]{2,40}$/, 'must be 2 to 40 lowercase letters, digits or hyphens'),
  name: z.string().min(1).max(80),
  /** The channel served at the bare host (http://localhost:8080). Exactly one channel sets it. */
  default: z.boolean().default(false),
  /** Public: published in the site's key file and exchanged for an api key. */
  channelKey: z.string().regex(/^[A-Za-z0-9_-]{16,128}$/, 'must be 16 to 128 letters, digits, _ or -'),
  language: Language,
  currency: z.string().regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code like USD'),
  /** Paints the first frame before the colour settings arrive (architecture: theme from settings). */
  fallbackColors: ColorSettings,
  /** A file in the channel folder (or the owner's upload), served as the site's logo and favicon. */
  logo: z.string().regex(/^[\w.-]+\.(svg|png|jpe?g)$/).optional(),
  description: z.string().max(300).optional(),
  /**
   * Crest images of the channel's teams and schools, by their seed `alias`: files in the channel
   * folder (`crests/lions.png`; SVG, PNG, JPEG or WebP). A team or school left out gets a crest
   * drawn from its colours and initials.
   */
  crests: z
    .object({
      teams: z.record(z.string().min(1).max(100), CrestFile).default({}),
      schools: z.record(z.string().min(1).max(100), CrestFile).default({}),
    })
    .optional(),
  /**
   * Where the channel's site is public (`https://watch.northfield.example`): mailed links and
   * redirects point there, never at what a request claims its host is. Optional in development
   * (the server derives `http://<slug>.localhost:<port>`); production refuses to start without it.
   */
  publicOrigin: z.string().refine(isPublicOrigin, PUBLIC_ORIGIN_PROBLEM).optional(),
  /**
   * The other origins the channel's apps are served from (its own app on a CDN, a partner's site):
   * the API answers their cross-origin calls and the player's media requests. The public origin
   * counts as one without being listed; any other origin gets no cross-origin grant.
   */
  siteOrigins: z.array(z.string().refine(isPublicOrigin, PUBLIC_ORIGIN_PROBLEM)).max(20).optional(),
  /** Viewer clips: the tags offered, the capabilities logged-in viewers get, the limits. */
  clips: ChannelClipsConfig.optional(),
  /**
   * Live streams from the channel's cameras. `ladder`: beside the camera's own picture (passed
   * through untouched), lower renditions sized to it (e.g. 480p and 360p under a 720p camera) for
   * viewers on slow connections. Off by default: each rendition is an encode, and one 2-core
   * instance transcodes few games at once (apps/server's `pnpm bench` measures how many).
   */
  live: z.object({ ladder: z.boolean().default(false) }).optional(),
  /**
   * Stream addresses. `token_lifetime_seconds`: how long an address the api hands out works (the
   * player renews it at half-life); unset, the server's `MEDIA_TOKEN_LIFETIME`. A refunded or
   * suspended viewer's open player stops at its next renewal, so it stays short.
   */
  media: z.object({ token_lifetime_seconds: z.number().int().min(2).max(3600).optional() }).optional(),
});
export type ChannelConfig = z.infer<typeof ChannelConfig>;
export type ChannelConfigInput = z.input<typeof ChannelConfig>;

/** Parses a channel.json, naming the file and the field at fault. */
export function parseChannelConfig(raw: unknown, file: string): ChannelConfig {
  const result = ChannelConfig.safeParse(raw);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
    throw new Error(`${file} is not a valid channel config:\n  ${problems.join('\n  ')}`);
  }
  return result.data;
}
