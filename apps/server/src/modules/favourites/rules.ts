import { createHash, randomBytes } from 'node:crypto';
import { type CalendarFeed, FAVORITE_MESSAGES } from '@grandstand/contract';

/**
 * Favourites' rules (spec §5 favourite rules, §7 Favourites calls) and the private calendar
 * address, free of HTTP: the routes (routes/favourites) answer with these.
 */

/** The refusals, each naming its field (spec §5: a call is rejected with a message naming the field). */
export const FAVORITE_REFUSALS = {
  /** spec §5: viewing or making favourites needs a logged-in user. */
  login: FAVORITE_MESSAGES.mustBeLoggedIn,
  /** Unknown, or another channel's team, school or sport: as unknown as a missing one. */
  thingNotFound: 'No such team, school or sport.',
  /** Unknown, or another viewer's favourite. */
  favouriteNotFound: 'Favourite not found.',
  removed: 'The favourite was removed.',
  calendarNotFound: 'Not found.',
} as const;

/**
 * 32 random bytes (256 bits) as base64url: 43 characters, safe in a path segment. Whoever holds
 * the address reads the feed without a login (a phone's calendar cannot log in), so the secret is
 * the only lock and must not be guessable; the feed route is also throttled per address.
 */
export const CALENDAR_TOKEN_BYTES = 32;
const CALENDAR_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * What a viewer's address is derived from (with the app secret, modules/favourites/repository.ts):
 * the address itself is an HMAC-SHA-256, 43 base64url characters, never stored.
 */
export function newCalendarNonce(): string {
  return randomBytes(CALENDAR_TOKEN_BYTES).toString('base64url');
}

/** How the table knows an address: its SHA-256, hex (the migration hashes the older ones the same way in SQL). */
export function calendarTokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Whether a path segment could be a calendar secret at all: anything else is a 404 without a query. */
export function isCalendarToken(value: string): boolean {
  return CALENDAR_TOKEN.test(value);
}

/** The feed's path, outside /api (a phone's calendar fetches it with no api key). */
export function calendarPath(token: string): string {
  return `/calendar/${token}.ics`;
}

/**
 * The viewer's calendar address on the channel's public origin (architecture: links are built
 * from configuration, never from Host, Origin or X-Forwarded-*), and the same with `webcal:`,
 * which opens a phone's calendar app.
 */
export function calendarAddresses(publicOrigin: string, token: string): CalendarFeed {
  const url = new URL(calendarPath(token), publicOrigin).toString();
  return { url, webcal_url: url.replace(/^https?:/, 'webcal:') };
}

/** The most events a feed lists: the followed games live now and the next ones, soonest first. */
export const FEED_EVENT_LIMIT = 100;
