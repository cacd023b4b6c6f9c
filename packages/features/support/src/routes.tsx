import type { OperatorRole } from '@grandstand/contract';
import { useTranslation } from '@grandstand/i18n';
import { lazyView } from '@grandstand/ui';
import { supportNamespace } from './namespace.ts';
import { ORDERS_SECTION_PATH, VIEWERS_SECTION_PATH } from './paths.ts';

const OrdersPage = lazyView(async () => (await import('./views/OrdersPage/OrdersPage.tsx')).OrdersPage);
const ViewersPage = lazyView(async () => (await import('./views/ViewersPage/ViewersPage.tsx')).ViewersPage);

/** Support's screens are support's and the owner's (who can do everything); the server refuses anyone else. */
const SUPPORT_ROLES = ['owner', 'support'] as const satisfies readonly OperatorRole[];

function navLabel(key: 'orders' | 'viewers') {
  return function SupportNavLabel() {
    const { t } = useTranslation('support');
    return <>{t(`nav.${key}`)}</>;
  };
}

/** The channel's orders (`/console/orders`): find, see the provider's payment, refund with a reason. */
export const ordersSection = {
  path: ORDERS_SECTION_PATH,
  roles: SUPPORT_ROLES,
  Label: navLabel('orders'),
  element: <OrdersPage />,
  namespace: supportNamespace,
};

/** The channel's viewers (`/console/viewers`): find, comp, verification mail, sessions, suspend, delete. */
export const viewersSection = {
  path: VIEWERS_SECTION_PATH,
  roles: SUPPORT_ROLES,
  Label: navLabel('viewers'),
  element: <ViewersPage />,
  namespace: supportNamespace,
};

/**
 * The feature's sections in navigation order, for the console's list (`apps/console/src/routes.tsx`).
 * Their shape is the console's `ConsoleSection`; the console registers their `namespace`.
 *
 * @example
 * const consoleSections = [scheduleSection, ...supportSections];
 */
export const supportSections = [ordersSection, viewersSection];
