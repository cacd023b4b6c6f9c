/** The sections' paths under the console's base: `/console/orders`, `/console/viewers`. */
export const ORDERS_SECTION_PATH = 'orders';
export const VIEWERS_SECTION_PATH = 'viewers';

/** The pages, as links inside the console (its router adds the `/console` base). */
export const supportPaths = {
  orders: `/${ORDERS_SECTION_PATH}`,
  order: (id: number) => `/${ORDERS_SECTION_PATH}?order=${id}`,
  viewers: `/${VIEWERS_SECTION_PATH}`,
  viewer: (id: number) => `/${VIEWERS_SECTION_PATH}?viewer=${id}`,
} as const;
