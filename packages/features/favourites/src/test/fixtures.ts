import type { CalendarFeed, Favorite } from '@grandstand/contract';
import { testCrest, testUser } from '@grandstand/test-kit/fixtures';

/** The demo viewer, logged in. */
export const viewer = testUser();

/** Northfield Eagles, a team: `participant` 11. */
export const eagles: Favorite = {
  id: 501,
  favoritable_id: 11,
  favoritable_type: 'participant',
  name: 'Northfield Eagles',
  alias: 'northfield-eagles',
  crest: testCrest(11),
  created_at: '2026-03-03T10:00:00.000Z',
};

/** Northfield High, a school: `group` 3. */
export const northfieldHigh: Favorite = {
  id: 502,
  favoritable_id: 3,
  favoritable_type: 'group',
  name: 'Northfield High',
  alias: 'northfield',
  crest: '/media/pictures/groups/3/crest-0123456789.svg',
  created_at: '2026-03-02T10:00:00.000Z',
};

/** Hockey, a sport: `category` 100 (no crest). */
export const hockey: Favorite = {
  id: 503,
  favoritable_id: 100,
  favoritable_type: 'category',
  name: 'Hockey',
  alias: null,
  crest: null,
  created_at: '2026-03-01T10:00:00.000Z',
};

/** The viewer's calendar address, as GET /favorites/calendar answers it. */
export function calendarFeed(secret = 'k3Qv9xW2pL7rT5yZ8aB4cD6eF0gH1jM2nP3sU5wX7zA'): CalendarFeed {
  return { url: `https://northfield.example/calendar/${secret}.ics`, webcal_url: `webcal://northfield.example/calendar/${secret}.ics` };
}

/** A favourite as POST /favorite answers it for a follow of `target`. */
export function madeFavorite(target: { favoritable_type: Favorite['favoritable_type']; favoritable_id: number; name?: string }, id = 900): Favorite {
  return {
    id,
    favoritable_id: target.favoritable_id,
    favoritable_type: target.favoritable_type,
    name: target.name ?? 'Riverside Lions',
    alias: null,
    crest: target.favoritable_type === 'category' ? null : testCrest(target.favoritable_id),
    created_at: '2026-03-04T10:00:00.000Z',
  };
}

/** A promise the test settles when it chooses: a call in flight. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}
