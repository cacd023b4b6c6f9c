import type { OperatorRole } from '@grandstand/contract';
import { useTranslation } from '@grandstand/i18n';
import { lazyView } from '@grandstand/ui';
import { engagementNamespace } from './namespace.ts';

const PollsPage = lazyView(async () => (await import('./views/PollsPage/PollsPage.tsx')).PollsPage);
const PopupsPage = lazyView(async () => (await import('./views/PopupsPage/PopupsPage.tsx')).PopupsPage);

/** Polls and popups are the producers' (and owners'), as the server's calls are. */
const ROLES = ['owner', 'producer'] as const satisfies readonly OperatorRole[];

/** The sections' paths under the console's base: `/console/polls`, `/console/popups`. */
export const POLLS_SECTION_PATH = 'polls';
export const POPUPS_SECTION_PATH = 'popups';

function navLabel(key: 'polls' | 'popups') {
  return function EngagementNavLabel() {
    const { t } = useTranslation('engagement');
    return <>{t(`nav.${key}`)}</>;
  };
}

/** `/console/polls`: an event's polls, opened, followed live and closed. Its shape is the console's `ConsoleSection`. */
export const pollsSection = {
  path: POLLS_SECTION_PATH,
  roles: ROLES,
  Label: navLabel('polls'),
  element: <PollsPage />,
  namespace: engagementNamespace,
};

/** `/console/popups`: the channel's announcements (spec §7). */
export const popupsSection = {
  path: POPUPS_SECTION_PATH,
  roles: ROLES,
  Label: navLabel('popups'),
  element: <PopupsPage />,
  namespace: engagementNamespace,
};

/**
 * The feature's sections in navigation order, for the console's list (`apps/console/src/routes.tsx`).
 *
 * @example
 * const consoleSections = [scheduleSection, ...engagementSections];
 */
export const engagementSections = [pollsSection, popupsSection];
