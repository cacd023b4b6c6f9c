import { useLayoutEffect, useRef, useState } from 'react';
import type { NavItem } from '../shared/link.ts';

/**
 * The bar's width (inside its padding) from which its entries fit in one row, estimated from them
 * so the server's markup and the first paint already fold or not: about 9px a letter of the
 * entries' labels at the body's size, 16px between them, and 440px for the logo, the search, the
 * account entry and the language switch (measured on the demo channels, in English and French); a
 * tablet held upright at least.
 */
export function estimateWideFrom(items: readonly NavItem[]): number {
  const letters = items.reduce((sum, item) => sum + item.label.length, 0);
  return Math.max(736, letters * 9 + items.length * 16 + 440);
}

/**
 * The bar's width from which the menu shows in it: the estimate, raised to what the entries were
 * seen to need once they did not fit in their row (a wider font than the estimate's, a log-out
 * button beside them). The bar folds then, and unfolds once it is that wide; it never wraps into
 * two rows, and its height is the same folded or not, so nothing under it moves.
 */
export function useWideFrom(items: readonly NavItem[]) {
  const barRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const labels = items.map((item) => item.label).join();
  const [seen, setSeen] = useState({ labels, need: 0 });

  useLayoutEffect(() => {
    const bar = barRef.current;
    const list = listRef.current;
    if (!bar || !list || typeof ResizeObserver === 'undefined') return;
    // The first observation comes as soon as the list is observed.
    const observer = new ResizeObserver(() => {
      const overflow = list.scrollWidth - list.clientWidth;
      // The container query reads the bar's content box: its width less its padding on both sides.
      const need = bar.clientWidth - 2 * parseFloat(getComputedStyle(bar).paddingLeft) + overflow + 1;
      if (overflow > 1) setSeen((previous) => (previous.labels === labels && previous.need >= need ? previous : { labels, need }));
    });
    observer.observe(list);
    return () => observer.disconnect();
  }, [labels]);

  return { wideFrom: Math.max(estimateWideFrom(items), seen.labels === labels ? seen.need : 0), barRef, listRef };
}
