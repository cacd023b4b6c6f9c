import type { EventDetail } from '@grandstand/contract';
import { describe, expect, it } from 'vitest';
import { categories, groups, matchup, teams } from '../test/fixtures.ts';
import type { Catalog } from '../useCatalog.ts';
import { streamInfo } from './streamInfo.ts';

const catalog: Catalog = {
  teamById: new Map(teams.map((team) => [team.id, team])),
  groupById: new Map(groups.map((group) => [group.id, group])),
  categoryById: new Map(categories.flatMap((category) => [category, ...category.children]).map((category) => [category.id, category])),
  groups,
  categories,
  teams,
  groupsSettled: true,
};

const detail = (overrides: Partial<EventDetail> = {}): EventDetail => ({
  ...matchup,
  event_category_id: 101,
  description: null,
  category: { id: 101, name: 'Ice hockey', alias: 'ice-hockey' },
  location: null,
  access: { allowed: true, geo_blocked: false, options: [] },
  stream: { url: '/media/s/t/events/1/index.m3u8', kind: 'hls', live: true, expires_in: 120 },
  ...overrides,
});

describe('streamInfo', () => {
  it('tags a game with its category, sport, gender, schools, league and teams', () => {
    const event = detail();
    expect(streamInfo(event, event.stream!, 'Northfield Eagles @ Riverside Lions', catalog, 'Northfield Sports')).toEqual({
      stream_id: 1,
      stream_type: 'live',
      stream_title: 'Northfield Eagles @ Riverside Lions',
      category: 'Ice hockey',
      sport: 'Hockey',
      gender: 'M',
      school: 'Riverside Academy | Northfield High',
      league: 'Northfield Sports',
      team: 'Riverside Lions | Northfield Eagles',
    });
  });

  it('leaves out what an event without teams or category does not have; on demand is vod', () => {
    const event = detail({ participants: [], event_category_id: null, category: null, stream: { url: '/x.m3u8', kind: 'hls', live: false, expires_in: 120 } });
    expect(streamInfo(event, event.stream!, 'Awards night', catalog, undefined)).toEqual({ stream_id: 1, stream_type: 'vod', stream_title: 'Awards night' });
  });

  it('gives no gender when the teams do not share one', () => {
    const mixed: Catalog = { ...catalog, teamById: new Map([...catalog.teamById, [11, { ...teams[0]!, properties: { gender: 'W', sport: 'Hockey' } }]]) };
    const event = detail();
    expect(streamInfo(event, event.stream!, 't', mixed, undefined)).not.toHaveProperty('gender');
  });
});
