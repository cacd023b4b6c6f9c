import type { ConsoleSection } from '@grandstand/console';
import { createConsoleRoutes } from '@grandstand/console';
import { scheduleSection } from '@grandstand/schedule';

/**
 * The sections other features bring to the control room, in navigation order, before the owners'
 * own (operators, security, tokens, audit log). A feature adds one import and one entry here.
 */
export const consoleSections: ConsoleSection[] = [
  scheduleSection,
];

export const consoleRoutes = createConsoleRoutes(consoleSections);
