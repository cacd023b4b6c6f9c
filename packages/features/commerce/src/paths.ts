/** The commerce routes of spec §2, as the site's absolute paths. */
export const COMMERCE_PATHS = {
  packages: '/packages',
  /** `/select-package/{id}`: the ways to get one event (id = the event's id). */
  selectPackage: '/select-package',
  buy: '/buy',
} as const;

/** `/select-package/{eventId}`: where a viewer chooses how to get a paid event. */
export function selectPackagePath(eventId: number): string {
  return `${COMMERCE_PATHS.selectPackage}/${eventId}`;
}
