import { ShareBarRoot } from './ShareBar.styles.ts';

export interface ShareBarProps {
  /** The share, from 0 to 100 (a value outside is held to the nearer end). */
  percent: number;
  /** The bar grows and shrinks to a new share (a live poll's results), unless the viewer asks for less motion. */
  animated?: boolean;
  className?: string;
}

/**
 * A share drawn as a bar in the channel's colour: a poll answer's part of the votes. The bar is
 * only drawn, hidden from screen readers: the figure beside it says the share in words.
 */
export function ShareBar({ percent, animated = false, className }: ShareBarProps) {
  const width = Math.min(100, Math.max(0, Number.isFinite(percent) ? percent : 0));
  return (
    <ShareBarRoot aria-hidden="true" className={className} $animated={animated}>
      <span style={{ width: `${width}%` }} />
    </ShareBarRoot>
  );
}

/** The share of `part` in `total`, in whole percent (0 when there is no total yet). */
export function percentOf(part: number, total: number): number {
  return total > 0 ? Math.round((part / total) * 100) : 0;
}
