import { reach as reachFrom, sourcesByPath } from '@grandstand/vitest-config/import-graph';
import { describe, expect, it } from 'vitest';

/** The package's sources as text (Vite's raw import), keyed by their path from src/. */
const sources = sourcesByPath(
  import.meta.glob<string>(['./**/*.{ts,tsx}', '!./**/*.test.*', '!./**/*.stories.*', '!./test/**'], { query: '?raw', import: 'default', eager: true }),
);
/** Every source file `entry` reaches through static imports (a dynamic `import()` is what makes a chunk). */
const reach = (entry: string) => reachFrom(sources, entry);

/** What the site's home page uses of the package: the follow control, the effects, the texts, the profile link. */
const HOME_ENTRIES = ['follow/LazyFollowButton.tsx', 'follow/FavouritesEffects.tsx', 'namespace.ts', 'profile/routes.tsx', 'profile/paths.ts', 'profile/FavouritesSectionLabel.tsx'];

describe('what a visitor on the home page carries (no favourites chunk, no favourites calls)', () => {
  it('the follow control, the effects, the texts and the profile route reach no favourites call and no lazy part', () => {
    const home = new Set(HOME_ENTRIES.flatMap((entry) => [...reach(entry)]));
    expect([...home].filter((file) => file === 'favouritesApi.ts' || file.startsWith('profile/views/') || file.startsWith('profile/components/'))).toEqual([]);
    expect(home.has('follow/FollowButton.tsx')).toBe(false);
    expect(home.has('follow/FollowWishNow.tsx')).toBe(false);
    // No texts are bundled: every language is a chunk, and a server-rendered home brings its texts.
    expect([...home].filter((file) => file.endsWith('.json'))).toEqual([]);
  });

  it('the logged-in parts come as chunks of their own, with the calls', () => {
    expect(sources['follow/LazyFollowButton.tsx']).toContain("import('./FollowButton.tsx')");
    expect(sources['follow/FavouritesEffects.tsx']).toContain("import('./FollowWishNow.tsx')");
    expect(reach('follow/FollowButton.tsx')).toContain('favouritesApi.ts');
    expect(reach('follow/FollowWishNow.tsx')).toContain('favouritesApi.ts');
    expect(sources['profile/routes.tsx']).toContain("import('./views/ProfileFavouritesPage.tsx')");
  });
});
