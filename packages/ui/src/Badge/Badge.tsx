import type { ReactNode } from 'react';
import { BadgeRoot, type BadgeTone } from './Badge.styles.ts';

export interface BadgeProps {
  children: ReactNode;
  /** `live` is the red "LIVE" marker; `primary` uses the channel colour; `neutral` is quiet. */
  tone?: BadgeTone;
  className?: string;
}

/** A short label on a card or a heading: LIVE, Free, a price. Text only, so it is read as it is. */
export function Badge({ children, tone = 'neutral', className }: BadgeProps) {
  return (
    <BadgeRoot className={className} $tone={tone}>
      {tone === 'live' && <span aria-hidden="true" className="dot" />}
      {children}
    </BadgeRoot>
  );
}
