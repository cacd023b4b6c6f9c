import { formatEventDateTime, formatPrice } from '@grandstand/i18n';

/** How deep the page's data is searched for events: an answer's list of events is two levels down. */
const MAX_DEPTH = 6;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * Formats the date and price of every event in a page's data, as its cards will show them. Called
 * inside the server render's record (`recordRenderedFormats`), it hands the browser these texts for
 * the parts of the page it renders itself later: the home's rails below the fold render when they
 * come near the viewport, and their cards' dates then need no Intl, whose first use loads its locale
 * and zone data in one long task on a phone (about 100 ms).
 *
 * @param data the page's cached answers (the store's query data)
 * @param currency the channel's currency, which a card shows an event's price in (spec §3)
 */
export function formatEventsOf(data: unknown, language: string, currency: string): void {
  const visit = (value: unknown, depth: number): void => {
    if (depth > MAX_DEPTH || !isRecord(value)) return;
    if (Array.isArray(value)) {
      for (const item of value) visit(item, depth + 1);
      return;
    }
    if (typeof value.event_utc_ts === 'number' && typeof value.time_zone === 'string') {
      formatEventDateTime(value.event_utc_ts, value.time_zone, language);
      // Every event with a price gets its text, whether or not its card shows it (the events
      // feature's access label decides): a few bytes more, and no copy of that rule here.
      if (typeof value.base_price === 'number' && value.base_price > 0) formatPrice(value.base_price, currency, language);
      return;
    }
    for (const field of Object.values(value)) visit(field, depth + 1);
  };
  visit(data, 0);
}
