import type { APIRequestContext, Page } from '@playwright/test';
import type { Clip, Event } from '@grandstand/contract';
import { listEvents, siteUrl } from './channels.ts';
import type { DemoChannel } from './channels.ts';
import { channelUrl, expect } from './support.ts';

// What the clips end-to-end tests share: the demo's games to clip, a viewer's clips, the playhead.

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

/** The event's media playlist as a viewer with `apiKey` is given it (the variant's, under a master playlist); empty without a stream. */
export async function mediaPlaylist(request: APIRequestContext, channel: DemoChannel, apiKey: string, eventId: number): Promise<string> {
  const site = new URL(siteUrl(channel, '/'));
  const get = async (path: string) => (await request.get(`http://localhost:${site.port}${path}`, { headers: { host: site.host } })).text();
  const detail = await request.get(channelUrl(null, `/api/events/${eventId}`), { params: { api_key: apiKey } });
  const stream = ((await detail.json()) as { data: { stream: { url: string } | null } }).data.stream;
  if (!stream) return '';
  let playlist = await get(stream.url);
  const variant = playlist.split('\n').find((line) => line !== '' && !line.startsWith('#') && playlist.includes('#EXT-X-STREAM-INF'));
  if (variant) playlist = await get(new URL(variant, `http://site${stream.url}`).pathname + new URL(variant, `http://site${stream.url}`).search);
  return playlist;
}

/** How many seconds the live signal's window holds now: the segments of its media playlist. */
export async function liveWindowSeconds(request: APIRequestContext, channel: DemoChannel, apiKey: string, eventId: number): Promise<number> {
  const playlist = await mediaPlaylist(request, channel, apiKey, eventId);
  return [...playlist.matchAll(/#EXTINF:([\d.]+)/g)].reduce((sum, match) => sum + Number(match[1]), 0);
}
