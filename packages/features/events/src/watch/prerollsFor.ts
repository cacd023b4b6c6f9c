import type { EventDetail } from '@grandstand/contract';

/**
 * The preroll settings an event's stage plays from: none without a stream to follow them, and none
 * where the channel turned the event's prerolls off (`prerolls: false`, set in the control room).
 */
export function prerollsFor<Settings>(event: Pick<EventDetail, 'stream' | 'prerolls'>, settings: Settings | undefined): Settings | null {
  if (!event.stream || !settings || event.prerolls === false) return null;
  return settings;
}
