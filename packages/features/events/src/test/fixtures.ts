import type { FakeHandler, FakeRequest } from '@grandstand/api-client/testing';
import type { Event, EventCategory, Participant, ParticipantGroup, ParticipantGroupProperty, Slide } from '@grandstand/contract';
import { testCrest, testPicture, testSettings } from '@grandstand/test-kit/fixtures';

export const groups: ParticipantGroup[] = [
  { id: 1, name: 'Northfield High', alias: 'northfield-high', image: null, crest: testCrest(1) },
  { id: 2, name: 'Riverside Academy', alias: null, image: null, crest: testCrest(2) },
];

function team(id: number, name: string, alias: string, group: number, color: string, sport = 'Hockey'): Participant {
  return {
    id,
    name,
    short_name: null,
    alias,
    images: { logo: null, cover: null },
    color,
    crest: testCrest(id),
    participant_group_id: group,
    properties: { gender: 'M', sport },
    children: [],
  };
}

export const teams: Participant[] = [
  team(11, 'Northfield Eagles', 'nf-eagles', 1, '#c8102e'),
  team(12, 'Northfield Hawks', 'nf-hawks', 1, '#006341', 'Basketball'),
  team(21, 'Riverside Lions', 'rs-lions', 2, '#002d72'),
];

export const categories: EventCategory[] = [
  {
    id: 100,
    name: 'Hockey',
    alias: 'hockey',
    parent_id: null,
    children: [{ id: 101, name: 'Ice hockey', alias: 'ice-hockey', parent_id: 100, children: [] }],
  },
  { id: 200, name: 'Basketball', alias: 'basketball', parent_id: null, children: [] },
];

export const properties: ParticipantGroupProperty[] = [
  { key: 'gender', values: ['M', 'W'] },
  { key: 'sport', values: ['Hockey', 'Basketball', 'Curling'] },
  { key: 'city', values: ['Northfield', 'Riverside'] },
  { key: 'state', values: ['MN', 'WI'] },
];

/** 2025-11-22 01:30 UTC: 7:30 PM CST on Nov 21 in Chicago, 8:30 PM EST in New York. */
export const EVENING = 1_763_775_000;

export function event(overrides: Partial<Event> & { id: number }): Event {
  return {
    name: `Event ${overrides.id}`,
    type: 'other',
    access_type: 'free',
    participants: [],
    event_utc_ts: EVENING,
    end_utc_ts: EVENING + 7200,
    time_zone: 'America/Chicago',
    event_category_id: 100,
    location_id: null,
    base_price: 0,
    service_fee: 0,
    has_access: true,
    stream_status: 'upcoming',
    image: null,
    picture: testPicture({ src: `/media/pictures/events/${overrides.id}/card-0123456789.svg` }),
    ...overrides,
  };
}

export const matchup = event({
  id: 1,
  name: 'Hockey night',
  participants: [
    { id: 21, name: 'Riverside Lions', short_name: null, color: '#002d72', side: 'home' },
    { id: 11, name: 'Northfield Eagles', short_name: null, color: '#c8102e', side: 'away' },
  ],
});

export const slides: Slide[] = [
  { id: 1, title: 'Finals week', subtitle: 'Every game live', image: null, picture: null, slidable_type: 'event', slidable_id: 1, url: null, position: 1 },
  { id: 2, title: 'Northfield High', subtitle: null, image: null, picture: null, slidable_type: 'participant_group', slidable_id: 1, url: null, position: 2 },
  { id: 3, title: 'Basketball', subtitle: null, image: null, picture: null, slidable_type: 'event_category', slidable_id: 200, url: null, position: 3 },
  { id: 4, title: 'Tickets', subtitle: null, image: null, picture: null, slidable_type: 'link', slidable_id: null, url: 'https://tickets.example.com/', position: 4 },
];

/** A `/events` handler answering from a list, as the server pages it (offset, limit, total). */
export function eventsFrom(byStatus: Partial<Record<string, Event[]>>): FakeHandler {
  return (request: FakeRequest) => {
    const all = byStatus[request.query.stream_status ?? ''] ?? [];
    const offset = Number(request.query.offset ?? 0);
    const limit = Number(request.query.limit ?? 24);
    return { json: { data: all.slice(offset, offset + limit), meta: { total: all.length, offset, limit } } };
  };
}

/** The channel calls every view makes, answered with the fixtures; tests add or replace routes. */
export function channelRoutes(routes: Record<string, FakeHandler> = {}): Record<string, FakeHandler> {
  return {
    'GET /settings': () => ({ json: { data: testSettings() } }),
    'GET /participants': () => ({ json: { data: teams } }),
    'GET /participant-groups': () => ({ json: { data: groups } }),
    'GET /events-categories': () => ({ json: { data: categories } }),
    'GET /participant-group-properties': () => ({ json: { data: properties } }),
    'GET /slides/web': () => ({ json: { data: slides } }),
    'GET /events-for-homepage': () => ({ json: { data: [] } }),
    'GET /events': eventsFrom({}),
    ...routes,
  };
}
