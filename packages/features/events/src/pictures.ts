import type { PictureData } from '@grandstand/ui';

/**
 * The pictures the server hands out, read defensively: events carry `picture`, slides
 * `picture | null`, teams and schools `crest`; older answers carry only `image` (or a team's
 * `images.logo`). Read through these helpers so the views work with both.
 */
function isPicture(value: unknown): value is PictureData {
  if (typeof value !== 'object' || value === null) return false;
  const picture = value as Record<string, unknown>;
  return (
    typeof picture.src === 'string' &&
    picture.src !== '' &&
    typeof picture.width === 'number' &&
    typeof picture.height === 'number' &&
    Array.isArray(picture.sources) &&
    (picture.srcset === null || typeof picture.srcset === 'string')
  );
}

/** A plain image URL as a picture of unknown variants (the box's ratio, not the file's, sizes it). */
function fromUrl(src: unknown): PictureData | null {
  return typeof src === 'string' && src !== '' ? { kind: 'image', src, srcset: null, sources: [], width: 1280, height: 720 } : null;
}

/** An event's or a slide's picture, or null. */
export function pictureOf(item: object): PictureData | null {
  const fields = item as Record<string, unknown>;
  if (isPicture(fields.picture)) return fields.picture;
  return fromUrl(fields.image);
}

/** A team's or a school's crest URL, or null. */
export function crestOf(item: object): string | null {
  const fields = item as Record<string, unknown>;
  if (typeof fields.crest === 'string' && fields.crest !== '') return fields.crest;
  if (typeof fields.image === 'string' && fields.image !== '') return fields.image;
  const images = fields.images as Record<string, unknown> | undefined;
  return typeof images?.logo === 'string' && images.logo !== '' ? images.logo : null;
}
