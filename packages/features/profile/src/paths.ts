/** The profile sections of spec §2, as the site's absolute paths. */
export const PROFILE_PATHS = {
  /** The order list: the default child of /profile (active orders). */
  orders: '/profile',
  transactions: '/profile/transactions',
} as const;
