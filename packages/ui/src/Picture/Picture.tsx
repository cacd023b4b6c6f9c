import { useEffect, useRef, useState, type ReactNode } from 'react';
import { preload } from 'react-dom';
import { PictureBox, PictureFallback, PictureImg } from './Picture.styles.ts';

/** One picture as the server hands it out: its file, responsive variants and intrinsic size. */
export interface PictureData {
  /** `poster`: a frame of a finished video; `live`: a thumbnail of a live stream; `upcoming`: a card made for an event to come; `image`: an uploaded picture. */
  kind: 'poster' | 'live' | 'upcoming' | 'image';
  src: string;
  /** Widths of the same file type as `src` ("a.jpg 320w, b.jpg 640w"), or null. */
  srcset: string | null;
  /** Other formats (AVIF, WebP), preferred in order. */
  sources: readonly { type: string; srcset: string }[];
  width: number;
  height: number;
}

export interface PictureProps {
  /** The picture, or nothing: the box stays and shows `fallback`. */
  picture: PictureData | null | undefined;
  /** Text alternative; `''` when the picture is decoration beside a text that says the same. */
  alt: string;
  /** How wide the picture is drawn, for the browser to pick a variant ("(min-width: 768px) 380px, 80vw"). */
  sizes?: string;
  /**
   * The largest paint of the page: loaded at once and first (`eager`, `fetchpriority="high"`) and
   * timed (`elementtiming`, {@link PRIORITY_PICTURE_TIMING}); otherwise lazy.
   */
  priority?: boolean;
  /** The box's aspect ratio ("16 / 9"); the box never takes the image's own size. Default 16 / 9. */
  ratio?: string;
  /** Fill the positioned parent instead of taking a ratio of its own width. */
  fill?: boolean;
  fit?: 'cover' | 'contain';
  /** Shown on the neutral fill when there is no picture or it fails: initials, a date. */
  fallback?: ReactNode;
  className?: string;
}

/**
 * The Element Timing name of a `priority` picture's `<img>`: a page's script can observe when the
 * first screen's picture is on screen (`PerformanceObserver`, type `element`).
 */
export const PRIORITY_PICTURE_TIMING = 'priority-picture';

/**
 * A responsive image in a box of a reserved size: `<picture>` with a `<source>` per format, an
 * `<img>` with its width, height, `srcset` and `sizes`, lazy unless it is the page's largest paint.
 * A missing or broken image leaves the box in place with a neutral fill and the fallback.
 */
export function Picture({ picture, alt, sizes, priority = false, ratio = '16 / 9', fill = false, fit = 'cover', fallback, className }: PictureProps) {
  const [broken, setBroken] = useState<string | null>(null);
  const imgRef = useRef<HTMLImageElement>(null);
  const src = picture?.src;

  // An image that failed before hydration fired its error event with nobody listening: ask it.
  useEffect(() => {
    const img = imgRef.current;
    // decode() rejects for a file that cannot be shown (naturalWidth is 0 for some good SVGs too).
    if (img && src && img.complete && img.currentSrc && typeof img.decode === 'function') img.decode().catch(() => setBroken(src));
  }, [src]);

  // The page's largest paint is asked for from the head (a server render puts the link there),
  // before the parser reaches the image; in the format the <picture> below will choose first.
  if (priority && picture && src) {
    const preferred = picture.sources[0];
    preload(src, {
      as: 'image',
      fetchPriority: 'high',
      type: preferred?.type,
      imageSrcSet: preferred?.srcset ?? picture.srcset ?? undefined,
      imageSizes: (preferred?.srcset ?? picture.srcset) ? sizes : undefined,
    });
  }

  const failed = !picture || !src || broken === src;
  return (
    <PictureBox className={className} $ratio={ratio} $fill={fill} data-picture={failed ? 'missing' : picture.kind}>
      {failed ? (
        fallback !== undefined && <PictureFallback aria-hidden="true">{fallback}</PictureFallback>
      ) : (
        <picture>
          {picture.sources.map((source) => (
            <source key={source.type} type={source.type} srcSet={source.srcset} sizes={sizes} />
          ))}
          <PictureImg
            ref={imgRef}
            src={picture.src}
            srcSet={picture.srcset ?? undefined}
            sizes={picture.srcset ? sizes : undefined}
            width={picture.width}
            height={picture.height}
            alt={alt}
            loading={priority ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : undefined}
            // A spread: React renders the attribute as it is, and the DOM's typings do not know it yet.
            {...(priority ? { elementtiming: PRIORITY_PICTURE_TIMING } : {})}
            decoding="async"
            $fit={fit}
            onError={() => setBroken(picture.src)}
          />
        </picture>
      )}
    </PictureBox>
  );
}
