import type { EventDetail, Preroll } from '@grandstand/contract';

/**
 * The prerolls an event's stage plays from (spec §4): those the server handed out with the stream
 * (`stream.prerolls`, chosen for this viewer: none for one holding `no_ads`, spec §6, and none this
 * logged-in viewer played for this event within the preroll time) and the channel's preroll time.
 * None without a stream to follow them, before the settings have come, or where the channel turned
 * the event's prerolls off (`prerolls: false`, set in the control room).
 */
export function prerollsFor(event: Pick<EventDetail, 'stream' | 'prerolls'>, settings: { preroll_time: number } | undefined): { prerolls: Preroll[]; preroll_time: number } | null {
  if (!event.stream || !settings || event.prerolls === false) return null;
  return { prerolls: event.stream.prerolls ?? [], preroll_time: settings.preroll_time };
}
