import { channelsSections } from '@grandstand/channels';
import type { ConsoleSection } from '@grandstand/console';
import { createConsoleRoutes } from '@grandstand/console';
import { scheduleSection } from '@grandstand/schedule';

/**
 * The sections other features bring to the control room, in navigation order, before the owners'
 * own (operators, security, tokens, audit log). A feature adds one import and one entry here.
 */
export const consoleSections: ConsoleSection[] = [
  scheduleSection,
  // The channel's look and domains for its owners; every channel for the platform owner.
  ...channelsSections,
];

export const consoleRoutes = createConsoleRoutes(consoleSections);
