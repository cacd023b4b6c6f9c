/** A page number, or a gap standing for the pages left out between two numbers. */
export type PageItem = number | 'gap';

/**
 * The pages to show: the first, the last and `siblings` either side of the current one, with a gap
 * where pages are left out. A gap of one page shows that page instead (a gap never hides just one).
 */
export function pageItems(page: number, pageCount: number, siblings = 1): PageItem[] {
  const shown = new Set<number>([1, pageCount]);
  for (let offset = -siblings; offset <= siblings; offset += 1) shown.add(page + offset);
  const numbers = [...shown].filter((n) => n >= 1 && n <= pageCount).sort((a, b) => a - b);
  const items: PageItem[] = [];
  let previous = 0;
  for (const n of numbers) {
    if (n - previous === 2) items.push(n - 1);
    else if (n - previous > 2) items.push('gap');
    items.push(n);
    previous = n;
  }
  return items;
}
