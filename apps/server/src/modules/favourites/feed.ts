import type { Event } from '@grandstand/contract';
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';

export interface FeedInput {
  /** The channel's name: the calendar's name in the viewer's calendar app. */
  channelName: string;
  /** The channel's public origin: each event links to its watch page there. */
  publicOrigin: string;
  events: readonly Pick<Event, 'id' | 'name' | 'event_utc_ts' | 'end_utc_ts' | 'stream_status' | 'cancelled'>[];
}

/** How often a calendar app should fetch the feed again (REFRESH-INTERVAL / X-PUBLISHED-TTL). */
const REFRESH_SECONDS = 60 * 60;

/**
 * The viewer's followed games as an iCalendar feed (RFC 5545, written by ical-generator): each
 * event at its UTC instant (spec §3 event_utc_ts is UTC seconds), its name as the summary and its
 * watch page as the url. The uid is stable per event and origin, so a calendar app updates a
 * moved game instead of adding it twice. A game the channel called off stays in the feed as
 * STATUS:CANCELLED (RFC 5545 §3.8.1.11): calendar apps show it struck through or drop it, where a
 * game that merely vanished from the feed would leave a follower wondering.
 */
export function calendarFeed(input: FeedInput): string {
  const host = new URL(input.publicOrigin).host;
  const calendar = ical({
    name: input.channelName,
    prodId: { company: 'Grandstand', product: 'Favourites', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
    ttl: REFRESH_SECONDS,
  });
  for (const event of input.events) {
    const url = new URL(`/watch/${event.id}`, input.publicOrigin).toString();
    calendar.createEvent({
      id: `event-${event.id}@${host}`,
      start: new Date(event.event_utc_ts * 1000),
      // An end before the start (bad data) would make the feed invalid: such an event is an instant.
      end: new Date(Math.max(event.end_utc_ts, event.event_utc_ts) * 1000),
      summary: event.name,
      ...(event.cancelled ? { status: ICalEventStatus.CANCELLED } : {}),
      url,
      description: url,
    });
  }
  return calendar.toString();
}
