export type MenuPlacementTarget = 'header' | 'footer';

/**
 * The entries of one menu. spec §3: placement is header, footer or both; "both" appears in the
 * header and in the footer. Order is kept as given.
 */
export function menuForPlacement<T extends { placement: 'header' | 'footer' | 'both' }>(items: T[], where: MenuPlacementTarget): T[] {
  return items.filter((item) => item.placement === where || item.placement === 'both');
}
