import { describe, expect, it } from 'vitest';

/** The package's sources as text (Vite's raw import), keyed by their path from src/. */
const sources = Object.fromEntries(
  Object.entries(
    import.meta.glob<string>(['./**/*.{ts,tsx}', '!./**/*.test.*', '!./**/*.stories.*', '!./test/**'], { query: '?raw', import: 'default', eager: true }),
  ).map(([file, text]) => [file.replace(/^\.\//, ''), text]),
);

/** Static value imports (type-only ones are erased); a dynamic `import()` is what makes a chunk. */
function staticImports(source: string): string[] {
  const specifiers: string[] = [];
  for (const match of source.matchAll(/^\s*(import|export)\s+(type\s+)?([^'"`;]*?\sfrom\s+)?['"]([^'"]+)['"]/gm)) {
    if (!match[2] && match[4]) specifiers.push(match[4]);
  }
  return specifiers;
}

function resolve(from: string, specifier: string): string {
  const parts = from.split('/').slice(0, -1);
  for (const part of specifier.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.') parts.push(part);
  }
  return parts.join('/');
}

/** Every source file `entry` reaches through static imports (JSON files are leaves). */
function reach(entry: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    if (file.endsWith('.json')) return;
    const source = sources[file];
    if (source === undefined) throw new Error(`${file} is imported but not found`);
    for (const specifier of staticImports(source)) if (specifier.startsWith('.')) visit(resolve(file, specifier));
  };
  visit(entry);
  return seen;
}

/** What the site's home page uses of the package: the follow control, the effects, the texts, the profile link. */
const HOME_ENTRIES = ['follow/LazyFollowButton.tsx', 'follow/FavouritesEffects.tsx', 'namespace.ts', 'profile/routes.tsx', 'profile/paths.ts', 'profile/FavouritesSectionLabel.tsx'];

describe('what a visitor on the home page carries (no favourites chunk, no favourites calls)', () => {
  it('the follow control, the effects, the texts and the profile route reach no favourites call and no lazy part', () => {
    const home = new Set(HOME_ENTRIES.flatMap((entry) => [...reach(entry)]));
    expect([...home].filter((file) => file === 'favouritesApi.ts' || file.startsWith('profile/views/') || file.startsWith('profile/components/'))).toEqual([]);
    expect(home.has('follow/FollowButton.tsx')).toBe(false);
    expect(home.has('follow/FollowWishNow.tsx')).toBe(false);
    // Only English of the control's few texts is bundled; French and the profile's texts are chunks.
    expect([...home].filter((file) => file.endsWith('.json'))).toEqual(['locales/en.json']);
  });

  it('the logged-in parts come as chunks of their own, with the calls', () => {
    expect(sources['follow/LazyFollowButton.tsx']).toContain("import('./FollowButton.tsx')");
    expect(sources['follow/FavouritesEffects.tsx']).toContain("import('./FollowWishNow.tsx')");
    expect(reach('follow/FollowButton.tsx')).toContain('favouritesApi.ts');
    expect(reach('follow/FollowWishNow.tsx')).toContain('favouritesApi.ts');
    expect(sources['profile/routes.tsx']).toContain("import('./views/ProfileFavouritesPage.tsx')");
  });
});
