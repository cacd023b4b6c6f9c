import type { FavoritableType } from '@grandstand/contract';

/**
 * What a follow control is given wherever a team (`participant`), a school (`group`) or a sport
 * (`category`) appears. The events feature declares the same shape for its extension slot.
 */
export interface FollowControlProps {
  kind: FavoritableType;
  id: number;
  /** The team's, school's or sport's name: the control's accessible name says it. */
  name: string;
  /** `sm` beside a card's team link or a chip; `md` (default) beside a heading. */
  size?: 'sm' | 'md';
}
