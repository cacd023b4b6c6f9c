import type { EventDateTime } from './format.ts';

/** A formatted value a page shows: an event's date and time, or a price. */
export type RenderedFormat = string | EventDateTime;

/**
 * The formatted values of a page the server rendered, keyed by what they were made from. The browser
 * takes the page over with them: it writes the same text as the markup (its Intl data may word a date
 * a little differently), and it does not use Intl while it does. A page's first use of Intl loads its
 * locale and zone data, about 20 ms on a laptop and 80 ms on a phone, in one task.
 */
const seeded = new Map<string, RenderedFormat>();
let recording: Map<string, RenderedFormat> | null = null;

/** The value for the key: the server's when it sent one, else made (and recorded during a server render). */
export function renderedFormat<T extends RenderedFormat>(key: string, make: () => T): T {
  const value = (seeded.get(key) as T | undefined) ?? make();
  recording?.set(key, value);
  return value;
}

/**
 * Runs a synchronous render and returns the formatted values it wrote, for the browser to be given
 * with the markup. Synchronous so that no other request's render can write into this one's record.
 *
 * @example const { result: html, formats } = recordRenderedFormats(() => renderToString(page))
 */
export function recordRenderedFormats<T>(render: () => T): { result: T; formats: Record<string, RenderedFormat> } {
  const previous = recording;
  const record = new Map<string, RenderedFormat>();
  recording = record;
  try {
    const result = render();
    return { result, formats: Object.fromEntries(record) };
  } finally {
    recording = previous;
  }
}

function isEventDateTime(value: unknown): value is EventDateTime {
  if (typeof value !== 'object' || value === null) return false;
  const fields = value as Record<string, unknown>;
  return ['month', 'day', 'time', 'zone', 'full'].every((field) => typeof fields[field] === 'string');
}

/**
 * Gives the browser the server's formatted values (from the page's state) before it takes the page
 * over. Anything not shaped as a formatted value is left out: that value is made here instead.
 */
export function seedRenderedFormats(formats: unknown): void {
  if (typeof formats !== 'object' || formats === null) return;
  for (const [key, value] of Object.entries(formats)) {
    if (typeof value === 'string' || isEventDateTime(value)) seeded.set(key, value);
  }
}
