import type { Favorite } from '@grandstand/contract';

/** The favourites pages, as the site's absolute paths. */
export const FAVOURITES_PATHS = {
  /** The viewer's favourites and calendar address: a child of /profile. */
  profile: '/profile/favourites',
} as const;

/**
 * Where a favourite's games are listed: a team's and a sport's on the schedule, a school's on its
 * home page (`?school=`); each key is the alias, or the name without one, as the listings read it.
 */
export function gamesPath(favorite: Pick<Favorite, 'favoritable_type' | 'name' | 'alias'>): string {
  const key = favorite.alias ?? favorite.name;
  switch (favorite.favoritable_type) {
    case 'participant':
      return `/schedule?${new URLSearchParams({ team: key })}`;
    case 'group':
      return `/?${new URLSearchParams({ school: key })}`;
    case 'category':
      return `/schedule?${new URLSearchParams({ sport: key })}`;
  }
}
