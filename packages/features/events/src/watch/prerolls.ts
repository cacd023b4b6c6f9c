import type { EventDetail, Preroll } from '@grandstand/contract';

/** The storage entry that hides a played preroll for this viewer and event (spec §4). */
export function prerollSeenKey(eventId: number, prerollId: number): string {
  return `preroll:${eventId}:${prerollId}`;
}

/**
 * Which preroll plays before an event (issue 3): among the channel's prerolls that match the event's
 * location and categories and its kind (live or on demand), and that this viewer has not seen for
 * this event within the preroll time, one picked by weight. Null when none applies.
 */
export function pickPreroll(
  prerolls: readonly Preroll[],
  event: Pick<EventDetail, 'id' | 'location_id' | 'event_category_id'>,
  live: boolean,
  seen: (prerollId: number) => boolean,
  random: () => number = Math.random,
): Preroll | null {
  const candidates = prerolls.filter(
    (preroll) =>
      preroll.weight > 0 &&
      (live ? preroll.for_live : preroll.for_vod) &&
      (preroll.location_id === null || preroll.location_id === event.location_id) &&
      (preroll.event_categories.length === 0 ||
        (event.event_category_id !== null && preroll.event_categories.includes(event.event_category_id))) &&
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
