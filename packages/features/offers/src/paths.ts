/** The sections' paths under the console's base: `/console/offers`, `/console/promo-codes`. */
export const OFFERS_SECTION_PATH = 'offers';
export const PROMO_CODES_SECTION_PATH = 'promo-codes';

/** The pages, as links inside the console (its router adds the `/console` base). */
export const offersPaths = {
  offers: `/${OFFERS_SECTION_PATH}`,
  promoCodes: `/${PROMO_CODES_SECTION_PATH}`,
} as const;
