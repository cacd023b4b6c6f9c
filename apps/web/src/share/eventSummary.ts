import type { EventDetail } from '@grandstand/contract';
import { formatEventDateTime } from '@grandstand/i18n';

/**
 * What a shared link previews with for an event without a description: "Girls Basketball · Nov 23,
 * 2026, 7:30 PM CST · Lincoln Fieldhouse", the date in the event's own time zone (spec §3).
 */
export function eventSummary(event: Pick<EventDetail, 'category' | 'event_utc_ts' | 'time_zone' | 'location'>, language: string): string {
  const when = formatEventDateTime(event.event_utc_ts, event.time_zone, language).full;
  return [event.category?.name, when, event.location?.name].filter(Boolean).join(' · ');
}
