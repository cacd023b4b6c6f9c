import type { Page } from '@playwright/test';
import { expect } from './support.ts';

// What the control room's end-to-end tests share: names no seed uses, the event form's date-time,
// and the console's own calls read as data.

/** A name no seed or earlier run uses, in words the search can match. */
export function uniqueName(prefix: string): string {
  const letters = Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
  return `${prefix} ${letters}`;
}

/** `YYYY-MM-DDTHH:mm` of an instant on a zone's clock, as the form's date-time field takes it. */
export function localDateTime(instant: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((entry) => entry.type === type)?.value ?? '00';
  return `${part('year')}-${part('month')}-${part('day')}T${part('hour')}:${part('minute')}`;
}

/**
 * The console's own calls, made by the page itself with its session cookie (what its screens show,
 * read as data): the page's origin is the channel's host, which Node cannot resolve for `<slug>.localhost`.
 */
export async function consoleGet<T>(page: Page, path: string): Promise<T> {
  const answer = await page.evaluate(async (url) => {
    const response = await fetch(url);
    return { status: response.status, body: await response.text() };
  }, `/api/console${path}`);
  expect(answer.status, `${path}: ${answer.body}`).toBe(200);
  return JSON.parse(answer.body) as T;
}
