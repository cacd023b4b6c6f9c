/**
 * A preroll as the channel's settings list it (contract `Preroll`): only what choosing one reads.
 * Structural, so the player needs no contract of its own.
 */
export interface PrerollChoice {
  id: number;
  url: string;
  weight: number;
  for_live: boolean;
  for_vod: boolean;
  location_id: number | null;
  event_categories: readonly number[];
}

/** What a preroll is chosen for: an event's place and sport (with its parents), or neither (an on-demand item). */
export interface PrerollTarget {
  location_id: number | null;
  /** The sport and the sports it is part of (`categoryLineage`); empty for none. */
  categories: readonly number[];
}

/** A sport of the channel's tree (contract `EventCategory`), as `categoryLineage` walks it. */
export interface CategoryNode {
  id: number;
  children: readonly CategoryNode[];
}

/** Each category's id with its ancestors' ids: sports are nested (spec §3), so a preroll for a sport covers its sub-sports. */
export function categoryLineage(tree: readonly CategoryNode[]): Map<number, number[]> {
  const lineage = new Map<number, number[]>();
  const walk = (categories: readonly CategoryNode[], ancestors: number[]) => {
    for (const category of categories) {
      const line = [category.id, ...ancestors];
      lineage.set(category.id, line);
      walk(category.children, line);
    }
  };
  walk(tree, []);
  return lineage;
}

/**
 * The storage entry that hides a played preroll for this viewer and what it played before (spec
 * §4): `subject` is an event's id (`"9"`) or an on-demand item's (`"vod:12"`).
 */
export function prerollSeenKey(subject: string, prerollId: number): string {
  return `preroll:${subject}:${prerollId}`;
}

/**
 * Which preroll plays (spec §4): among the channel's prerolls for this kind of stream (live or on
 * demand) that target the place and sports of `target` or none (a preroll aimed at some games is
 * not for an on-demand item, which has neither), and that this viewer has not seen for it within
 * the preroll time, one picked by weight. Null when none applies.
 */
export function pickPreroll<Preroll extends PrerollChoice>(
  prerolls: readonly Preroll[],
  target: PrerollTarget,
  live: boolean,
  seen: (prerollId: number) => boolean,
  random: () => number = Math.random,
): Preroll | null {
  const candidates = prerolls.filter(
    (preroll) =>
      preroll.weight > 0 &&
      (live ? preroll.for_live : preroll.for_vod) &&
      (preroll.location_id === null || preroll.location_id === target.location_id) &&
      (preroll.event_categories.length === 0 || target.categories.some((id) => preroll.event_categories.includes(id))) &&
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
