import type { OperatorRole } from '@grandstand/contract';
import { useTranslation } from '@grandstand/i18n';
import { lazyView } from '@grandstand/ui';
import { offersNamespace } from './namespace.ts';
import { OFFERS_SECTION_PATH, PROMO_CODES_SECTION_PATH } from './paths.ts';

const OffersPage = lazyView(async () => (await import('./views/OffersPage/OffersPage.tsx')).OffersPage);
const PromoCodesPage = lazyView(async () => (await import('./views/PromoCodesPage/PromoCodesPage.tsx')).PromoCodesPage);

function navLabel(key: 'offers' | 'promoCodes') {
  return function OffersNavLabel() {
    const { t } = useTranslation('offers');
    return <>{t(`nav.${key}`)}</>;
  };
}

/** The channel's offers (`/console/offers`), for its owners: packages and subscriptions, with a preview of the viewer's card. */
export const offersSection = {
  path: OFFERS_SECTION_PATH,
  roles: ['owner'] as const satisfies readonly OperatorRole[],
  Label: navLabel('offers'),
  element: <OffersPage />,
  namespace: offersNamespace,
};

/** The channel's promo codes (`/console/promo-codes`), for its owners. */
export const promoCodesSection = {
  path: PROMO_CODES_SECTION_PATH,
  roles: ['owner'] as const satisfies readonly OperatorRole[],
  Label: navLabel('promoCodes'),
  element: <PromoCodesPage />,
  namespace: offersNamespace,
};

/**
 * The feature's sections in navigation order, for the console's list (`apps/console/src/routes.tsx`).
 * Their shape is the console's `ConsoleSection`; the console registers their `namespace`.
 *
 * @example
 * const consoleSections = [scheduleSection, ...offersSections];
 */
export const offersSections = [offersSection, promoCodesSection];
