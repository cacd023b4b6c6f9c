import type { Event } from '@grandstand/contract';

/** spec §3: two participants make an "away @ home" title; otherwise the event's name. */
export function eventName(event: Event, matchup: (away: string, home: string) => string): string {
  const away = event.participants.find((participant) => participant.side === 'away');
  const home = event.participants.find((participant) => participant.side === 'home');
  return event.participants.length === 2 && away && home ? matchup(away.name, home.name) : event.name;
}
