import { useEffect, useRef, useState } from 'react';
import { CrestBox } from './Crest.styles.ts';

export interface CrestProps {
  /** The team's or school's name: the image's alt (or nothing when `decorative`) and the initials without one. */
  name: string;
  /** An image URL (SVG or raster); missing or broken shows the initials. */
  src?: string | null;
  /** Beside a text that names the same team: the crest adds nothing for a screen reader. */
  decorative?: boolean;
  /** CSS size of the square box; default 2.5rem. */
  size?: string;
  shape?: 'round' | 'shield';
  /** Fill behind the initials (a team colour); only `#rgb`/`#rrggbb` is taken. */
  color?: string | null;
  className?: string;
}

const COLOUR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** Up to two initials of a name: "Northfield Eagles" → "NE". */
export function initials(name: string): string {
  const words = name.split(/[\s\-–—]+/u).filter((word) => /\p{L}|\p{N}/u.test(word));
  return words
    .slice(0, 2)
    .map((word) => Array.from(word.replace(/^[^\p{L}\p{N}]+/u, ''))[0] ?? '')
    .join('');
}

/**
 * A team's or school's crest in a small box of a fixed size, so a list of crests never moves when
 * they load; without an image (or when it fails) the box shows the initials.
 */
export function Crest({ name, src, decorative = false, size = '2.5rem', shape = 'round', color, className }: CrestProps) {
  const [broken, setBroken] = useState<string | null>(null);
  const imgRef = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const img = imgRef.current;
    if (img && src && img.complete && img.currentSrc && typeof img.decode === 'function') img.decode().catch(() => setBroken(src));
  }, [src]);
  const shown = Boolean(src) && broken !== src;
  const fill = !shown && color && COLOUR.test(color) ? color : undefined;
  return (
    <CrestBox
      className={className}
      $size={size}
      $shape={shape}
      $color={fill}
      role={decorative || shown ? undefined : 'img'}
      aria-label={decorative || shown ? undefined : name}
      aria-hidden={decorative ? true : undefined}
    >
      {shown ? (
        <img ref={imgRef} src={src ?? undefined} alt={decorative ? '' : name} width={64} height={64} loading="lazy" decoding="async" onError={() => setBroken(src ?? null)} />
      ) : (
        <span aria-hidden="true">{initials(name)}</span>
      )}
    </CrestBox>
  );
}
