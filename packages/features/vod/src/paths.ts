import type { SearchTarget } from '@grandstand/contract';

/** The on-demand library's and the search's pages (spec §2), as the site's absolute paths. */
export const VOD_PATHS = {
  /** spec §2 `/vod_library`: the on-demand library. */
  library: '/vod_library',
  /** One item above the library: where the spec's vod media menu entries and slides link (`vod_id`). */
  item: (id: number) => `/vod_library?${new URLSearchParams({ vod_id: String(id) })}`,
  /** The full search results for the viewer's words (kept in the URL). */
  search: (query: string) => `/search?${new URLSearchParams({ q: query })}`,
  /** An event found by a search: the events feature's watch page. */
  event: (id: number) => `/watch/${id}`,
  /** A team found by a search: its games on the schedule (its alias, or its name without one). */
  team: (team: Pick<SearchTarget, 'alias' | 'name'>) => `/schedule?${new URLSearchParams({ team: team.alias ?? team.name })}`,
  /** A school found by a search: its home page (its alias, or its name without one). */
  school: (school: Pick<SearchTarget, 'alias' | 'name'>) => `/?${new URLSearchParams({ school: school.alias ?? school.name })}`,
} as const;

/** A query id is digits only and a positive 32-bit integer (contract IdParam); anything else is ignored. */
export function parseVodId(raw: string | null | undefined): number | null {
  if (!raw || !/^[0-9]{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

/** A page number from the URL (1-based); anything else is the first page. */
export function parsePage(raw: string | null | undefined): number {
  if (!raw || !/^[0-9]{1,6}$/.test(raw)) return 1;
  return Math.max(1, Number(raw));
}
