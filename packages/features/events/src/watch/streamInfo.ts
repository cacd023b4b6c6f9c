import type { StreamInfo } from '@grandstand/analytics';
import type { EventDetail, EventStream } from '@grandstand/contract';
import { eventSchools } from '../components/EventTile.tsx';
import type { Catalog } from '../useCatalog.ts';
import { categoryLineage } from '@grandstand/player';

/** Several names in one tag (two teams, two schools): the service's columns hold one text each. */
const SEPARATOR = ' | ';

const joined = (names: readonly string[]) => (names.length > 0 ? [...new Set(names)].join(SEPARATOR) : undefined);

/**
 * What the analytics service is told about a stream (spec §7 video events and viewing time): the
 * event as the stream, live or on demand, and the tags its watch time is counted under — the
 * event's category, the sport (the category's top ancestor), the teams' gender when they share one,
 * their schools, the league (the channel) and the teams themselves.
 */
export function streamInfo(event: EventDetail, stream: EventStream, title: string, catalog: Catalog, league: string | undefined): StreamInfo {
  const lineage = event.event_category_id === null ? undefined : categoryLineage(catalog.categories).get(event.event_category_id);
  const root = lineage?.at(-1);
  const sport = (root === undefined ? undefined : catalog.categoryById.get(root)?.name) ?? event.category?.name;
  const genders = new Set(event.participants.map((team) => catalog.teamById.get(team.id)?.properties.gender).filter((gender) => gender && gender !== 'not_identified'));
  const info: StreamInfo = { stream_id: event.id, stream_type: stream.live ? 'live' : 'vod', stream_title: title };
  const tags = {
    category: event.category?.name,
    sport,
    gender: genders.size === 1 ? [...genders][0] : undefined,
    school: joined(eventSchools(event, catalog).map((school) => school.name)),
    league,
    team: joined(event.participants.map((team) => team.name)),
  };
  for (const [key, value] of Object.entries(tags)) if (value) Object.assign(info, { [key]: value });
  return info;
}
