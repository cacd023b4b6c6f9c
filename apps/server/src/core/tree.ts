/**
 * The given ids and every descendant, in a parent-linked tree (nested sports, child teams): a
 * filter by a sport, and a pass on a sport, both reach its sub-categories.
 */
export function withDescendants(rows: readonly { id: number; parent_id: number | null }[], roots: Iterable<number>): Set<number> {
  const children = new Map<number, number[]>();
  for (const row of rows) {
    if (row.parent_id === null) continue;
    const list = children.get(row.parent_id);
    if (list) list.push(row.id);
    else children.set(row.parent_id, [row.id]);
  }
  const seen = new Set<number>();
  const stack = [...roots];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...(children.get(id) ?? []));
  }
  return seen;
}
