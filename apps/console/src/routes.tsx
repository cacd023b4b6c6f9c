import type { ConsoleSection } from '@grandstand/console';
import { createConsoleRoutes } from '@grandstand/console';

/**
 * The sections other features bring to the control room, in navigation order, before the owners'
 * own (operators, security, tokens, audit log). A feature adds one import and one entry here.
 */
export const consoleSections: ConsoleSection[] = [
  // The schedule's events: `scheduleSection` from @grandstand/schedule.
];

export const consoleRoutes = createConsoleRoutes(consoleSections);
