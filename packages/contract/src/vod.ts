import { z } from 'zod';
import { dataResponse, IdParam } from './common.ts';
import { AccessRefusal, Event, EventStream, PageMeta } from './events.ts';
import { VOD_SEARCH_DEFAULT_LIMIT } from './constants.ts';

// The library's plain values live in constants.ts, which carries no schema code: a bundle that
// needs only a message or a size must not evaluate this module (and with it zod).
export {
  VOD_CARD_MAX_WIDTH,
  VOD_CARD_MIN_WIDTH,
  VOD_MESSAGES,
  VOD_RAIL_INTERVAL_MS,
  VOD_SEARCH_DEFAULT_LIMIT,
} from './constants.ts';

/**
 * The on-demand library (spec §1, §3 Vod media item and Vod rail, §5 vod search defaults, §6
 * `vod_media` capability, §7 Vod calls): the channel's videos that are not games (documentaries,
 * interviews, season reviews, coaches' shows), in rails and categories, and one search over them
 * and the channel's events, teams and schools.
 */

/**
 * Who may watch an item: anyone (`free`), a logged-in viewer (`registered`), or a viewer with the
 * `vod_media` capability, which a pass, package or subscription grants (`vod_media`).
 */
export const VodAccessLevel = z.enum(['free', 'registered', 'vod_media']);
export type VodAccessLevel = z.infer<typeof VodAccessLevel>;

/** spec §3: an item's asset: its poster (`image`) or its short silent preview clip (`preview`). */
export const VodAsset = z.object({
  type: z.enum(['image', 'preview']),
  /** A site-relative address under /media. */
  path: z.string(),
  /** The media type of the file (`image/jpeg`, `image/webp`, `video/mp4`). */
  mime: z.string(),
  width: z.number().int().positive().nullable(),
  height: z.number().int().positive().nullable(),
});
export type VodAsset = z.infer<typeof VodAsset>;

export const VodMediaCategory = z.object({
  id: z.number().int(),
  name: z.string(),
  alias: z.string(),
});
export type VodMediaCategory = z.infer<typeof VodMediaCategory>;
export const VodMediaCategoriesResponse = dataResponse(z.array(VodMediaCategory));

/** spec §3: a vod media item, as a card and a list show it. */
export const VodMediaItem = z.object({
  id: z.number().int(),
  title: z.string(),
  /** The day it was published, an ISO date (YYYY-MM-DD). */
  date: z.iso.date(),
  description: z.string().nullable(),
  category: VodMediaCategory.nullable(),
  /** Its length in whole seconds. */
  duration: z.number().int().nonnegative(),
  access: VodAccessLevel,
  /** Whether the viewer making the call may watch it now. */
  has_access: z.boolean(),
  assets: z.array(VodAsset),
});
export type VodMediaItem = z.infer<typeof VodMediaItem>;

/**
 * One item with what the watch view needs: its stream only for a viewer who may watch it (the
 * server never hands the address to anyone else), otherwise what stands in the way.
 */
export const VodMediaItemDetail = VodMediaItem.extend({
  stream: EventStream.nullable(),
  /**
   * Why the viewer may not watch: log in, or get the capability (a pass); `geo` their region is
   * blocked (spec §3 Geo); `suspended` the channel's support suspended them (no `watch`, spec §6,
   * with `refusal`); null when they may.
   */
  locked: z.enum(['login', 'vod_media', 'expired', 'geo', 'suspended']).nullable(),
  /** Present when `locked` is `suspended`: support's reason. */
  refusal: AccessRefusal.optional(),
});
export type VodMediaItemDetail = z.infer<typeof VodMediaItemDetail>;
export const VodMediaItemResponse = dataResponse(VodMediaItemDetail);

/** spec §7 GET vod-media-items: the library, newest first, by category when asked. */
export const VodMediaItemsQuery = z.object({
  category_id: IdParam.optional(),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(24),
});
export type VodMediaItemsQuery = z.input<typeof VodMediaItemsQuery>;
export const VodMediaItemsResponse = z.object({ data: z.array(VodMediaItem), meta: PageMeta });
export type VodMediaItemsResponse = z.infer<typeof VodMediaItemsResponse>;

/** spec §3: a vod rail: its title and its items, in the channel's order. */
export const VodRail = z.object({
  id: z.number().int(),
  title: z.string(),
  vod_media_items: z.array(VodMediaItem),
});
export type VodRail = z.infer<typeof VodRail>;
export const VodRailsResponse = dataResponse(z.array(VodRail));

/**
 * spec §7 GET vod-media/search (spec §5 defaults: limit 10, offset 0, sort_field date). `title` is
 * the viewer's words: matched language-aware (stemming, accents), typo-tolerant, title matches first.
 * Without words (absent or blank), the newest videos.
 */
export const VodSearchQuery = z.object({
  title: z.string().trim().max(100).default(''),
  offset: z.coerce.number().int().min(0).max(10_000).default(0),
  limit: z.coerce.number().int().min(1).max(50).default(VOD_SEARCH_DEFAULT_LIMIT),
  /** `relevance` ranks the best matches first; `date` (the spec's default) the newest first among matches. */
  sort_field: z.enum(['date', 'relevance']).default('date'),
});
export type VodSearchQuery = z.input<typeof VodSearchQuery>;

/** A team or a school found by a search, with where its games are listed. */
export const SearchTarget = z.object({
  id: z.number().int(),
  name: z.string(),
  alias: z.string().nullable(),
  crest: z.string(),
});
export type SearchTarget = z.infer<typeof SearchTarget>;

/** One search's answer, grouped by kind: each group holds at most `limit` of its best matches. */
export const VodSearchResults = z.object({
  videos: z.array(VodMediaItem),
  events: z.array(Event),
  teams: z.array(SearchTarget),
  schools: z.array(SearchTarget),
});
export type VodSearchResults = z.infer<typeof VodSearchResults>;
export const VodSearchResponse = z.object({
  data: VodSearchResults,
  /** The videos' total for paging (the spec's search pages videos). */
  meta: PageMeta,
});
export type VodSearchResponse = z.infer<typeof VodSearchResponse>;
