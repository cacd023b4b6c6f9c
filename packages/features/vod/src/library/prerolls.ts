import type { Preroll } from '@grandstand/contract';

/** The storage entry that hides a played preroll for this viewer and item (spec §4, as for events). */
export function vodPrerollSeenKey(itemId: number, prerollId: number): string {
  return `preroll:vod:${itemId}:${prerollId}`;
}

/**
 * Which preroll plays before an on-demand item: among the channel's prerolls `for_vod` that target
 * no place and no sport (an item has neither, so a preroll aimed at some games is not for it) and
 * that this viewer has not seen for this item within the preroll time, one picked by weight.
 */
export function pickVodPreroll(prerolls: readonly Preroll[], seen: (prerollId: number) => boolean, random: () => number = Math.random): Preroll | null {
  const candidates = prerolls.filter(
    (preroll) => preroll.weight > 0 && preroll.for_vod && preroll.location_id === null && preroll.event_categories.length === 0 && !seen(preroll.id),
  );
  const total = candidates.reduce((sum, preroll) => sum + preroll.weight, 0);
  let point = random() * total;
  for (const preroll of candidates) {
    point -= preroll.weight;
    if (point < 0) return preroll;
  }
  return candidates.at(-1) ?? null;
}
