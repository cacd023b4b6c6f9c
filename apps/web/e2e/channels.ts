import type { APIRequestContext } from '@playwright/test';
import type { Event } from '@grandstand/contract';
import { readChannel } from '@grandstand/contract/node';
import { channelsDir } from '../scripts/channels.ts';
import { channelUrl } from './support.ts';

/** What the tests need to know of each demo channel: its host and the texts of its language. */
export const demoChannels = [
  {
    slug: 'northfield',
    host: null,
    text: {
      // spec §2: /schedule is an alias of the upcoming page, under its heading.
      listings: { live: 'Live now', upcoming: 'Upcoming', schedule: 'Upcoming', vod: 'On demand' },
      filters: 'Filters',
      gender: 'Gender',
      men: 'Men',
      women: 'Women',
      sport: 'Sport',
      clearFilters: 'Clear filters',
      layout: 'Layout',
      list: 'List',
      view: 'View',
      table: 'Table',
      nextDay: 'Next day',
      accessTitle: 'Watch this event',
      sponsor: 'Sponsor',
    },
  },
  {
    slug: 'laurentides',
    host: 'laurentides',
    text: {
      listings: { live: 'En direct', upcoming: 'À venir', schedule: 'À venir', vod: 'À la demande' },
      filters: 'Filtres',
      gender: 'Genre',
      men: 'Hommes',
      women: 'Femmes',
      sport: 'Sport',
      clearFilters: 'Effacer les filtres',
      layout: 'Disposition',
      list: 'Liste',
      view: 'Affichage',
      table: 'Tableau',
      nextDay: 'Jour suivant',
      accessTitle: 'Regarder cet événement',
      sponsor: 'Commanditaire',
    },
  },
] as const;

export type DemoChannel = (typeof demoChannels)[number];

/**
 * The channel's public key, from its folder as the server reads it. The api key, not the host,
 * scopes every call; Node cannot resolve `<slug>.localhost` (Chromium can), so the tests ask
 * through localhost with this key.
 */
export function channelKey(channel: DemoChannel): string {
  return readChannel(channelsDir, channel.slug).config.channelKey;
}

/**
 * Whether the flow whose turn this is runs on this channel. A spec's flows that are the same code
 * whatever the channel take the demo channels in turn (turns counted from 0), so each channel goes
 * through some of them in its own language, currency and theme and none runs twice (run on both,
 * they were a seventh of the suite's time); the flows that check what differs between the
 * channels run on every one.
 */
export function takesTurn(channel: DemoChannel, turn: number): boolean {
  return demoChannels.indexOf(channel) === turn % demoChannels.length;
}

export function siteUrl(channel: DemoChannel, path = '/'): string {
  return channelUrl(channel.host, path);
}

/**
 * A call to a channel's site from the tests' own Node process, spread into `request.get(...)`: Node
 * does not resolve `<slug>.localhost` as Chromium does, so it goes to localhost and the Host header
 * names the channel, as the server reads it.
 */
export function siteCall(channel: DemoChannel, path: string, headers: Record<string, string> = {}): [string, { headers: Record<string, string> }] {
  const url = new URL(siteUrl(channel, path));
  return [`http://localhost:${url.port}${url.pathname}${url.search}`, { headers: { ...headers, host: url.host } }];
}

/**
 * Events of a channel as the API lists them to a visitor, to pick real ids for a test (the demo's
 * times are relative to the seed, so ids are looked up rather than written down).
 */
export async function listEvents(request: APIRequestContext, channel: DemoChannel, query: Record<string, string>): Promise<Event[]> {
  const keyAnswer = await request.post(channelUrl(null, '/api/get_api_key'), { data: { channel_key: channelKey(channel) } });
  const apiKey = ((await keyAnswer.json()) as { data: { api_key: string } }).data.api_key;
  const answer = await request.get(channelUrl(null, '/api/events'), { params: { ...query, api_key: apiKey, limit: '100' } });
  return ((await answer.json()) as { data: Event[] }).data;
}
