import type { EventCategory, Participant, ParticipantGroup } from '@grandstand/contract';
import { channelApi } from '@grandstand/store';
import { useMemo } from 'react';

/** Everything a card needs beside its event, looked up by id (one request each, shared by every card). */
export interface Catalog {
  teamById: ReadonlyMap<number, Participant>;
  groupById: ReadonlyMap<number, ParticipantGroup>;
  categoryById: ReadonlyMap<number, EventCategory>;
  groups: readonly ParticipantGroup[];
  categories: readonly EventCategory[];
  teams: readonly Participant[];
  /** Whether the schools have arrived (or failed): until then a `?school=` cannot be read. */
  groupsSettled: boolean;
}

function flatten<T extends { children: T[] }>(items: readonly T[]): T[] {
  return items.flatMap((item) => [item, ...flatten(item.children)]);
}

/** Teams (with their children), schools and sports from the startup calls, by id. */
export function useCatalog(): Catalog {
  const { data: teams = EMPTY_TEAMS } = channelApi.useGetParticipantsQuery();
  const { data: groups = EMPTY_GROUPS, isLoading: groupsLoading } = channelApi.useGetParticipantGroupsQuery();
  const { data: categories = EMPTY_CATEGORIES } = channelApi.useGetEventCategoriesQuery();
  return useMemo(
    () => ({
      teamById: new Map(flatten(teams).map((team) => [team.id, team])),
      groupById: new Map(groups.map((group) => [group.id, group])),
      categoryById: new Map(flatten(categories).map((category) => [category.id, category])),
      groups,
      categories,
      teams,
      groupsSettled: !groupsLoading,
    }),
    [teams, groups, categories, groupsLoading],
  );
}

const EMPTY_TEAMS: Participant[] = [];
const EMPTY_GROUPS: ParticipantGroup[] = [];
const EMPTY_CATEGORIES: EventCategory[] = [];

/** A group is named in the URL by its alias or its name (spec §2). */
export function findGroup(groups: readonly ParticipantGroup[], key: string | null): ParticipantGroup | undefined {
  if (!key) return undefined;
  const lower = key.toLowerCase();
  return groups.find((group) => group.alias?.toLowerCase() === lower || group.name.toLowerCase() === lower);
}

export { flatten as flattenTree };
