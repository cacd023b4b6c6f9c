import type { ScheduleStatus } from '@grandstand/contract';

/** The statuses the list filters by, in the order the filter offers them. */
export const SCHEDULE_STATUSES: readonly ScheduleStatus[] = ['upcoming', 'live', 'finished', 'unpublished', 'cancelled'];

/** The section's path under the console's base (`/console/events`). */
export const SCHEDULE_SECTION_PATH = 'events';

/** The schedule's pages, as links inside the console (its router adds the `/console` base). */
export const schedulePaths = {
  list: `/${SCHEDULE_SECTION_PATH}`,
  newEvent: `/${SCHEDULE_SECTION_PATH}/new`,
  import: `/${SCHEDULE_SECTION_PATH}/import`,
  edit: (id: number) => `/${SCHEDULE_SECTION_PATH}/${id}`,
  reschedule: (id: number) => `/${SCHEDULE_SECTION_PATH}/${id}/reschedule`,
  live: (id: number) => `/${SCHEDULE_SECTION_PATH}/${id}/live`,
} as const;
