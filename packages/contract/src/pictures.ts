import { z } from 'zod';

/**
 * What a picture shows: a poster frame of the recording, a thumbnail of the live signal, a card
 * drawn from the teams (upcoming events, and any event without a recording or live signal), or an
 * image of the channel (slides' hero images).
 */
export const PictureKind = z.enum(['poster', 'live', 'upcoming', 'image']);
export type PictureKind = z.infer<typeof PictureKind>;

/** One modern format of a picture: `type` 'image/webp', `srcset` 'url 320w, url 640w'. */
export const PictureSource = z.object({ type: z.string(), srcset: z.string() });
export type PictureSource = z.infer<typeof PictureSource>;

/**
 * A picture the server hands out, ready for `<picture>`: the sources (best first), then an `<img>`
 * of `src`/`srcset`. Every URL is same-origin and public (`/media/...`).
 */
export const Picture = z.object({
  kind: PictureKind,
  /** The fallback, usable alone (JPEG, or SVG for drawn pictures). */
  src: z.string(),
  /** Width candidates of the fallback's format, or null (SVG). */
  srcset: z.string().nullable(),
  /** Modern formats, best first (WebP); empty for SVG. */
  sources: z.array(PictureSource),
  /** Intrinsic size of `src`: gives the aspect ratio to reserve. */
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});
export type Picture = z.infer<typeof Picture>;
