import { z } from 'zod';
import { IdParam } from '../common.ts';

/**
 * The control room's library (`/api/console/library…`, spec §1 admin dashboard, §3 Vod media item,
 * Vod rail, Preroll): uploaded videos transcoded to a rendition ladder, their posters, titles in the
 * site's languages, category, access and publish date; the rails' order; the prerolls and their
 * targeting. Read and written by owners and producers. Uploads go through the tus protocol at
 * `/api/console/library/uploads` (metadata `kind`: `video` or `preroll`, `filename`, `filetype`).
 */

export const LIBRARY_ERROR_CODES = {
  notFound: 'library_not_found',
  uploadNotFound: 'upload_not_found',
  tooLarge: 'upload_too_large',
  quota: 'upload_quota',
  notVideo: 'upload_not_video',
  lengthRequired: 'upload_length_required',
  badMetadata: 'upload_metadata',
  notReady: 'library_not_ready',
  badPoster: 'poster_invalid',
  badOrder: 'rail_order',
} as const;
export type LibraryErrorCode = (typeof LIBRARY_ERROR_CODES)[keyof typeof LIBRARY_ERROR_CODES];

/** The languages an item's title and description are written in (the site's). */
export const LibraryLanguage = z.enum(['en', 'fr']);
export type LibraryLanguage = z.infer<typeof LibraryLanguage>;

export const LIBRARY_TITLE_MAX = 200;
export const LIBRARY_DESCRIPTION_MAX = 4000;
/** The largest poster picture a producer uploads (bytes, before base64). */
export const POSTER_UPLOAD_MAX_BYTES = 2 * 1024 * 1024;

export const LibraryStatus = z.enum(['processing', 'ready', 'failed']);
export type LibraryStatus = z.infer<typeof LibraryStatus>;

export const LibraryAccess = z.enum(['free', 'registered', 'vod_media']);
export type LibraryAccess = z.infer<typeof LibraryAccess>;

const Text = z.object({ title: z.string(), description: z.string().nullable() });

/** One item as the control room shows it. */
export const LibraryItem = z.object({
  id: z.number().int(),
  status: LibraryStatus,
  /** The transcode's progress, 0–100. */
  progress: z.number().int(),
  failureReason: z.string().nullable(),
  /** The title and description per language; the channel's own language is always there. */
  texts: z.record(z.string(), Text),
  categoryId: z.number().int().nullable(),
  access: LibraryAccess,
  /** The day the item is listed under (YYYY-MM-DD). */
  date: z.string(),
  /** Viewers see it from then on (UTC ISO 8601); null: a draft. */
  publishedAt: z.string().nullable(),
  duration: z.number().int(),
  /** Its poster's address (once ready). */
  poster: z.string().nullable(),
  /** How many frames a poster can be picked from (once ready). */
  frames: z.number().int(),
  createdAt: z.string(),
});
export type LibraryItem = z.infer<typeof LibraryItem>;

export const LibraryRail = z.object({ id: z.number().int(), title: z.string(), itemIds: z.array(z.number().int()) });
export type LibraryRail = z.infer<typeof LibraryRail>;

/** `GET /api/console/library`: the items (newest first), the rails in order, the categories, the channel's language. */
export const LibraryResponse = z.object({
  items: z.array(LibraryItem),
  rails: z.array(LibraryRail),
  categories: z.array(z.object({ id: z.number().int(), name: z.string() })),
  language: LibraryLanguage,
  /** The upload limits, so the screen refuses a file before sending it. */
  uploads: z.object({ maxBytes: z.number().int(), quotaBytes: z.number().int(), usedBytes: z.number().int() }),
});
export type LibraryResponse = z.infer<typeof LibraryResponse>;

export const LibraryItemResponse = z.object({ item: LibraryItem });
export type LibraryItemResponse = z.infer<typeof LibraryItemResponse>;

const Title = z.string().trim().min(1).max(LIBRARY_TITLE_MAX);
const Description = z.string().trim().max(LIBRARY_DESCRIPTION_MAX).nullable();
const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD');

/** `PATCH /api/console/library/items/:id`: any of the fields. */
export const UpdateLibraryItemBody = z
  .object({
    texts: z.partialRecord(LibraryLanguage, z.object({ title: Title, description: Description })).optional(),
    categoryId: z.number().int().positive().nullable().optional(),
    access: LibraryAccess.optional(),
    date: Day.optional(),
    publishedAt: z.iso.datetime({ offset: true }).nullable().optional(),
  })
  .strict();
export type UpdateLibraryItemBody = z.infer<typeof UpdateLibraryItemBody>;

/** `POST /api/console/library/items/:id/poster`: one of the item's frames (1…), or a picture (a data URL: JPEG, PNG or WebP). */
export const LibraryPosterBody = z.union([
  z.object({ frame: z.number().int().min(1).max(8) }).strict(),
  z.object({ image: z.string().max(Math.ceil((POSTER_UPLOAD_MAX_BYTES * 4) / 3) + 64) }).strict(),
]);
export type LibraryPosterBody = z.infer<typeof LibraryPosterBody>;

export const FrameParams = z.object({ id: IdParam, frame: z.coerce.number().int().min(1).max(8) });

/** `POST /api/console/library/rails`. */
export const CreateLibraryRailBody = z.object({ title: z.string().trim().min(1).max(LIBRARY_TITLE_MAX) }).strict();
/** `PATCH /api/console/library/rails/:id`: its title, its items in order. */
export const UpdateLibraryRailBody = z
  .object({ title: z.string().trim().min(1).max(LIBRARY_TITLE_MAX).optional(), itemIds: z.array(z.number().int().positive()).max(200).optional() })
  .strict();
/** `POST /api/console/library/rails/order`: every rail of the channel, in its new order. */
export const LibraryRailOrderBody = z.object({ railIds: z.array(z.number().int().positive()).max(100) }).strict();
export const LibraryRailsResponse = z.object({ rails: z.array(LibraryRail) });
export type LibraryRailsResponse = z.infer<typeof LibraryRailsResponse>;

/** One preroll as the control room shows it (spec §3 Preroll). */
export const LibraryPreroll = z.object({
  id: z.number().int(),
  title: z.string(),
  status: LibraryStatus,
  progress: z.number().int(),
  failureReason: z.string().nullable(),
  /** Its address, once ready. */
  url: z.string().nullable(),
  weight: z.number().int(),
  /** The sports it plays before (and their sub-sports); empty: every game. */
  eventCategoryIds: z.array(z.number().int()),
  forVod: z.boolean(),
  forLive: z.boolean(),
});
export type LibraryPreroll = z.infer<typeof LibraryPreroll>;

export const LibraryPrerollsResponse = z.object({
  prerolls: z.array(LibraryPreroll),
  /** The channel's sports (event categories), to target. */
  sports: z.array(z.object({ id: z.number().int(), name: z.string() })),
  uploads: LibraryResponse.shape.uploads,
});
export type LibraryPrerollsResponse = z.infer<typeof LibraryPrerollsResponse>;
export const LibraryPrerollResponse = z.object({ preroll: LibraryPreroll });
export type LibraryPrerollResponse = z.infer<typeof LibraryPrerollResponse>;

export const PREROLL_WEIGHT_MAX = 100;
/** `PATCH /api/console/library/prerolls/:id`. */
export const UpdateLibraryPrerollBody = z
  .object({
    title: z.string().trim().min(1).max(LIBRARY_TITLE_MAX).optional(),
    weight: z.number().int().min(0).max(PREROLL_WEIGHT_MAX).optional(),
    eventCategoryIds: z.array(z.number().int().positive()).max(50).optional(),
    forVod: z.boolean().optional(),
    forLive: z.boolean().optional(),
  })
  .strict();
export type UpdateLibraryPrerollBody = z.infer<typeof UpdateLibraryPrerollBody>;

export const LibraryDeleted = z.object({ deleted: z.literal(true) });
