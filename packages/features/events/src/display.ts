import type { Event } from '@grandstand/contract';
import { formatPrice } from '@grandstand/i18n';
import type { useTranslation } from '@grandstand/i18n';

/** The `events` translate function (the matchup is read from `common`). */
export type Translate = ReturnType<typeof useTranslation<'events'>>['t'];

/** spec §3: two participants make an "away @ home" title; otherwise the event's name. */
export function eventTitle(event: Event, t: Translate): string {
  if (event.participants.length === 2) {
    const away = event.participants.find((participant) => participant.side === 'away');
    const home = event.participants.find((participant) => participant.side === 'home');
    if (away && home) return t('matchup', { ns: 'common', away: away.name, home: home.name });
  }
  return event.name;
}

/**
 * The access label of a card (spec §3 access types): Free, Register, or the price in the channel's
 * currency. A paid event that costs nothing reads Free; one the viewer may already watch reads Watch.
 */
export function accessLabel(event: Event, currency: string, language: string, t: Translate): string {
  // A cancelled event is neither watched nor bought: its card says so instead of a price.
  if (event.cancelled) return t('access.cancelled');
  if (event.access_type === 'free') return t('access.free');
  if (event.has_access) return t('access.included');
  if (event.access_type === 'register') return t('access.register');
  return event.base_price > 0 ? formatPrice(event.base_price, currency, language) : t('access.free');
}

/** The team colours of an event, away first, for a card without a picture. */
export function eventColors(event: Event): (string | null)[] {
  const bySide = (side: 'away' | 'home') => event.participants.find((participant) => participant.side === side)?.color ?? null;
  return event.participants.length === 2 ? [bySide('away'), bySide('home')] : event.participants.map((participant) => participant.color);
}
