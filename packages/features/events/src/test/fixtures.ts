import type { Event, EventCategory, Participant, ParticipantGroup, ParticipantGroupProperty, Slide } from '@grandstand/contract';

export const groups: ParticipantGroup[] = [
  { id: 1, name: 'Northfield High', alias: 'northfield-high', image: null },
  { id: 2, name: 'Riverside Academy', alias: null, image: null },
];

function team(id: number, name: string, alias: string, group: number, color: string, sport = 'Hockey'): Participant {
  return {
    id,
    name,
    short_name: null,
    alias,
    images: { logo: null, cover: null },
    color,
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
  { id: 1, title: 'Finals week', subtitle: 'Every game live', image: null, slidable_type: 'event', slidable_id: 1, url: null, position: 1 },
  { id: 2, title: 'Northfield High', subtitle: null, image: null, slidable_type: 'participant_group', slidable_id: 1, url: null, position: 2 },
  { id: 3, title: 'Basketball', subtitle: null, image: null, slidable_type: 'event_category', slidable_id: 200, url: null, position: 3 },
  { id: 4, title: 'Tickets', subtitle: null, image: null, slidable_type: 'link', slidable_id: null, url: 'https://tickets.example.com/', position: 4 },
];
