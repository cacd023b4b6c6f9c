import { SkeletonBlock } from './Skeleton.styles.ts';

export interface SkeletonProps {
  /** CSS width; default the full width. */
  width?: string;
  /** CSS height; default one line of text. */
  height?: string;
  /** Rounded corners: `text` for a line, `block` for a card or an image, `circle` for a logo. */
  shape?: 'text' | 'block' | 'circle';
  className?: string;
}

/**
 * A grey placeholder where content is about to appear. Hidden from assistive technology: the
 * container says it is loading (`aria-busy` plus a status text), not each placeholder.
 */
export function Skeleton({ width = '100%', height = '1em', shape = 'text', className }: SkeletonProps) {
  // Transient props, not a style attribute: the site's content security policy drops style attributes.
  return <SkeletonBlock aria-hidden="true" className={className} $width={width} $height={height} $shape={shape} />;
}
