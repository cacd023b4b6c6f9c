import type { OperatorRole } from '@grandstand/contract';
import { useTranslation } from '@grandstand/i18n';
import { lazyView } from '@grandstand/ui';
import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { scheduleNamespace } from './namespace.ts';
import { SCHEDULE_SECTION_PATH } from './paths.ts';
import { ScheduleRoleContext } from './useCanWriteEvents.ts';

const EventsPage = lazyView(async () => (await import('./views/EventsPage/EventsPage.tsx')).EventsPage);
const NewEventPage = lazyView(async () => (await import('./views/EventFormPage/EventFormPage.tsx')).NewEventPage);
const EditEventPage = lazyView(async () => (await import('./views/EventFormPage/EventFormPage.tsx')).EditEventPage);
const ReschedulePage = lazyView(async () => (await import('./views/ReschedulePage/ReschedulePage.tsx')).ReschedulePage);
const LivePage = lazyView(async () => (await import('./views/LivePage/LivePage.tsx')).LivePage);
const ImportPage = lazyView(async () => (await import('./views/ImportPage/ImportPage.tsx')).ImportPage);

/** The schedule's pages relative to the section (`/console/events`), each view a lazy chunk. */
export const scheduleRoutes: RouteObject[] = [
  { index: true, element: <EventsPage /> },
  { path: 'new', element: <NewEventPage /> },
  { path: 'import', element: <ImportPage /> },
  { path: ':id', element: <EditEventPage /> },
  { path: ':id/reschedule', element: <ReschedulePage /> },
  { path: ':id/live', element: <LivePage /> },
];

function ScheduleNavLabel() {
  const { t } = useTranslation('schedule');
  return <>{t('nav')}</>;
}

/** Tells the schedule's views the operator's role, so support sees no write actions. */
export function ScheduleRoleProvider({ role, children }: { role: OperatorRole; children: ReactNode }) {
  return <ScheduleRoleContext value={role}>{children}</ScheduleRoleContext>;
}

/**
 * The control room's events section (spec §1 admin dashboard): read by owners, producers and
 * support (support without the write actions); analysts have no events screen. The console lists it
 * in `apps/console/src/routes.tsx`; its shape is the console's `ConsoleSection`, and the console
 * registers its `namespace`.
 *
 * @example
 * const consoleSections = [scheduleSection];
 */
export const scheduleSection = {
  path: SCHEDULE_SECTION_PATH,
  roles: ['owner', 'producer', 'support'] as const satisfies readonly OperatorRole[],
  Label: ScheduleNavLabel,
  children: scheduleRoutes,
  Wrapper: ScheduleRoleProvider,
  /** Its texts, for the console to register (lazily: `{ preload: false }`) with every section's. */
  namespace: scheduleNamespace,
};
