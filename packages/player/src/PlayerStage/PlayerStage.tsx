import type { ReactNode } from 'react';
import { Stage } from './PlayerStage.styles.ts';

export interface PlayerStageProps {
  /** The Player, or what stands in its place (an access panel, a countdown, a retry). */
  children: ReactNode;
  /** `video`: a black 16:9 box the player fills; `panel`: the channel's surface, its content centred. */
  variant?: 'video' | 'panel';
}

/**
 * The 16:9 stage of a watch page, an on-demand item and a shared clip: the player, or what stands
 * before it, always in the same box so nothing below moves when one replaces the other. On a narrow
 * screen a panel grows to its content rather than cutting it off.
 */
export function PlayerStage({ children, variant = 'video' }: PlayerStageProps) {
  return <Stage $variant={variant}>{children}</Stage>;
}
