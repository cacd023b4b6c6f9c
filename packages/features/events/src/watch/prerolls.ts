import type { EventCategory, EventDetail, Preroll } from '@grandstand/contract';

/** Each category's id with its ancestors' ids: sports are nested (spec §3), so a preroll for a sport covers its sub-sports. */
export function categoryLineage(tree: readonly EventCategory[]): Map<number, number[]> {
  const lineage = new Map<number, number[]>();
  const walk = (categories: readonly EventCategory[], ancestors: number[]) => {
    for (const category of categories) {
      const line = [category.id, ...ancestors];
      lineage.set(category.id, line);
      walk(category.children, line);
    }
  };
  walk(tree, []);
  return lineage;
}

/** The storage entry that hides a played preroll for this viewer and event (spec §4). */
export function prerollSeenKey(eventId: number, prerollId: number): string {
  return `preroll:${eventId}:${prerollId}`;
}

/**
 * Which preroll plays before an event: among the channel's prerolls that match the event's
 * location and categories (a sport covers its sub-sports) and its kind (live or on demand), and that this viewer has not seen for
 * this event within the preroll time, one picked by weight. Null when none applies.
 */
export function pickPreroll(
  prerolls: readonly Preroll[],
  event: Pick<EventDetail, 'id' | 'location_id' | 'event_category_id'>,
  live: boolean,
  seen: (prerollId: number) => boolean,
  random: () => number = Math.random,
  lineage: ReadonlyMap<number, readonly number[]> = new Map(),
): Preroll | null {
  const eventCategories = event.event_category_id === null ? [] : (lineage.get(event.event_category_id) ?? [event.event_category_id]);
  const candidates = prerolls.filter(
    (preroll) =>
      preroll.weight > 0 &&
      (live ? preroll.for_live : preroll.for_vod) &&
      (preroll.location_id === null || preroll.location_id === event.location_id) &&
      (preroll.event_categories.length === 0 || eventCategories.some((id) => preroll.event_categories.includes(id))) &&
      !seen(preroll.id),
  );
  const total = candidates.reduce((sum, preroll) => sum + preroll.weight, 0);
  let point = random() * total;
  for (const preroll of candidates) {
    point -= preroll.weight;
    if (point < 0) return preroll;
  }
  return candidates.at(-1) ?? null;
}
