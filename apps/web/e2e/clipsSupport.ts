import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import type { Clip, Event } from '@grandstand/contract';
import { readChannel } from '@grandstand/contract/node';
import { channelsDir } from '../scripts/channels.ts';
import { channelKey, listEvents, siteUrl } from './channels.ts';
import type { DemoChannel } from './channels.ts';
import { channelUrl, expect, repoRoot } from './support.ts';

// What the clips end-to-end tests share: the product's texts in each channel's language, a fresh
// viewer logged in on the site, and the demo's games to clip.

export type Messages = Record<string, unknown>;

const locale = (path: string): Messages => JSON.parse(readFileSync(join(repoRoot, path), 'utf8')) as Messages;

/** The channel's language (its folder says it), for the texts a viewer of that channel reads. */
export function languageOf(channel: DemoChannel): 'en' | 'fr' {
  return readChannel(channelsDir, channel.slug).config.language === 'fr' ? 'fr' : 'en';
}

/** A feature's texts in the channel's language: `texts(channel, 'clips/src/watch')`. */
export function texts(channel: DemoChannel, feature: string): Messages {
  return locale(`packages/features/${feature}/locales/${languageOf(channel)}.json`);
}

/** A text of the product's own locale files, so the test reads what a person reads. */
export function text(files: Messages, path: string, values: Record<string, string | number> = {}): string {
  let node: unknown = files;
  for (const key of path.split('.')) node = (node as Messages | undefined)?.[key];
  if (typeof node !== 'string') throw new Error(`No text at ${path}`);
  return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? `{{${name}}}`));
}

const PASSWORD = 'grandstand-e2e-clipper-5120';

export async function visitorKey(request: APIRequestContext, channel: DemoChannel): Promise<string> {
  const answer = await request.post(channelUrl(null, '/api/get_api_key'), { data: { channel_key: channelKey(channel) } });
  return ((await answer.json()) as { data: { api_key: string } }).data.api_key;
}

/** A fresh viewer, registered through the API (its session key returned), then logged in on the site as a person would. */
export async function newViewer(page: Page, request: APIRequestContext, channel: DemoChannel): Promise<{ email: string; apiKey: string }> {
  const auth = texts(channel, 'auth/src');
  const email = `clipper-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.org`;
  const registered = await request.post(channelUrl(null, '/api/v2/auth/register'), {
    data: { api_key: await visitorKey(request, channel), email, password: PASSWORD, password_confirmation: PASSWORD, first_name: 'Robin', last_name: 'Clipper', terms: true },
  });
  expect(registered.status()).toBe(200);
  const apiKey = ((await registered.json()) as { data: { api_key: string } }).data.api_key;
  await page.goto(siteUrl(channel, '/login'));
  await page.getByRole('textbox', { name: text(auth, 'fields.email') }).fill(email);
  await page.getByRole('textbox', { name: text(auth, 'fields.password'), exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: text(auth, 'login.submit') }).last().click();
  await expect(page).not.toHaveURL(/\/login/);
  return { email, apiKey };
}

/** A free game of the demo in this state (a finished one has its recording, a live one its signal). */
export async function freeGame(request: APIRequestContext, channel: DemoChannel, status: 'finished' | 'live'): Promise<Event> {
  const [event] = (await listEvents(request, channel, { stream_status: status })).filter((e) => e.access_type === 'free');
  expect(event, `${channel.slug} has a free ${status} event`).toBeDefined();
  return event!;
}

/** The viewer's clips of an event, as the API answers them. */
export async function clipsOf(request: APIRequestContext, apiKey: string, eventId: number): Promise<Clip[]> {
  const answer = await request.get(channelUrl(null, `/api/clips/event/${eventId}`), { params: { api_key: apiKey } });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { data: Clip[] }).data;
}

/** The main video's playhead. */
export function playhead(page: Page): Promise<number> {
  return page.evaluate(() => document.querySelector('video')?.currentTime ?? 0);
}
