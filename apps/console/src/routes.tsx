import { channelsSections } from '@grandstand/channels';
import type { ConsoleSection } from '@grandstand/console';
import { createConsoleRoutes } from '@grandstand/console';
import { engagementSections } from '@grandstand/engagement';
import { librarySections } from '@grandstand/library';
import { offersSections } from '@grandstand/offers';
import { reportsSection } from '@grandstand/reports';
import { scheduleSection } from '@grandstand/schedule';
import { supportSections } from '@grandstand/support';

/**
 * The sections other features bring to the control room, in navigation order, before the owners'
 * own (operators, security, tokens, audit log). A feature adds one import and one entry here.
 */
export const consoleSections: ConsoleSection[] = [
  scheduleSection,
  // Polls on an event and the channel's popups, for its producers and owners.
  ...engagementSections,
  // The library (uploads, posters, rails) and the prerolls, for its producers and owners.
  ...librarySections,
  // The channel's offers and promo codes for its owners.
  ...offersSections,
  // The channel's look and domains for its owners; every channel for the platform owner.
  ...channelsSections,
  // The channel's orders (refunds, comps) and viewers for its support and owners.
  ...supportSections,
  // The channel's reports and revenue-share statement for its owners and analysts.
  reportsSection,
];

export const consoleRoutes = createConsoleRoutes(consoleSections);
