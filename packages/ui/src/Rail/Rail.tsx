import { Children, useCallback, useEffect, useId, useRef, useState, type FocusEvent, type ReactNode } from 'react';
import { RailButton, RailControls, RailHeader, RailItem, RailList, RailRoot, RailTitle } from './Rail.styles.ts';
import { usePrefersReducedMotion } from './usePrefersReducedMotion.ts';

/** spec §9: rails scroll by themselves every 5000 ms. */
export const DEFAULT_RAIL_INTERVAL = 5000;

export interface RailProps {
  title: string;
  /** The cards; each becomes an item of the rail's list. */
  children: ReactNode;
  /** Milliseconds between automatic steps; 0 turns them off. Default spec §9's 5000. */
  intervalMs?: number;
  /** Names of the step buttons ("Previous", "Next"); each is announced with the rail's title. */
  previousLabel: string;
  nextLabel: string;
  headingLevel?: 2 | 3;
  /** Beside the title, e.g. a "See all" link. */
  action?: ReactNode;
  /** `hero`: one wide slide at a time (16:9 on phones, 21:9 wider), for the featured slides. */
  variant?: 'cards' | 'hero';
  /** Its cards are stand-ins while the data loads: `aria-busy`, and no automatic steps. */
  busy?: boolean;
  className?: string;
}

/** Where the list should scroll for one step: the next (or previous) item start, wrapping at the ends. */
function stepTarget(list: HTMLElement, direction: 1 | -1): number {
  const items = Array.from(list.children) as HTMLElement[];
  const origin = items[0]?.offsetLeft ?? 0;
  const starts = items.map((item) => item.offsetLeft - origin);
  const current = list.scrollLeft;
  if (direction === 1) {
    const atEnd = current + list.clientWidth >= list.scrollWidth - 1;
    const next = starts.find((start) => start > current + 1);
    return atEnd || next === undefined ? 0 : next;
  }
  const previous = starts.filter((start) => start < current - 1).pop();
  return previous ?? Math.max(0, list.scrollWidth - list.clientWidth);
}

/**
 * A titled horizontal row of cards. It steps one card every `intervalMs` (spec §9), and stops while
 * the pointer is over it, while focus is inside it and whenever the viewer prefers reduced motion.
 * By hand: the previous/next buttons, native horizontal scrolling (touch, trackpad, shift+wheel) and
 * Tab, which scrolls each focused card into view.
 */
export function Rail({ title, children, intervalMs = DEFAULT_RAIL_INTERVAL, previousLabel, nextLabel, headingLevel = 2, action, variant = 'cards', busy = false, className }: RailProps) {
  const titleId = useId();
  const listRef = useRef<HTMLUListElement>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const items = Children.toArray(children);
  const count = items.length;

  const step = useCallback(
    (direction: 1 | -1) => {
      const list = listRef.current;
      if (!list) return;
      const left = stepTarget(list, direction);
      if (typeof list.scrollTo === 'function') list.scrollTo({ left, behavior: reducedMotion ? 'auto' : 'smooth' });
      else list.scrollLeft = left;
    },
    [reducedMotion],
  );

  const running = intervalMs > 0 && count > 1 && !busy && !hovered && !focused && !reducedMotion;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => step(1), intervalMs);
    return () => clearInterval(timer);
  }, [running, intervalMs, step]);

  const onBlur = (event: FocusEvent<HTMLElement>) => {
    // Focus moving between cards of the same rail keeps it paused.
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
  };

  return (
    <RailRoot
      aria-labelledby={titleId}
      className={className}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
      aria-busy={busy || undefined}
      data-auto-advance={running ? 'on' : 'off'}
    >
      <RailHeader>
        <RailTitle as={`h${headingLevel}`} id={titleId}>
          {title}
        </RailTitle>
        {action}
        {count > 1 && !busy && (
          <RailControls>
            <RailButton type="button" aria-label={`${previousLabel}: ${title}`} onClick={() => step(-1)}>
              <span aria-hidden="true">‹</span>
            </RailButton>
            <RailButton type="button" aria-label={`${nextLabel}: ${title}`} onClick={() => step(1)}>
              <span aria-hidden="true">›</span>
            </RailButton>
          </RailControls>
        )}
      </RailHeader>
      <RailList ref={listRef} $variant={variant}>
        {items.map((item, index) => (
          <RailItem key={index}>{item}</RailItem>
        ))}
      </RailList>
    </RailRoot>
  );
}
