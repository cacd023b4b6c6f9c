import { reach as reachFrom, sourcesByPath } from '@grandstand/vitest-config/import-graph';
import { describe, expect, it } from 'vitest';

/** The package's sources as text (Vite's raw import), keyed by their path from src/. */
const sources = sourcesByPath(
  import.meta.glob<string>(['./**/*.{ts,tsx}', '!./**/*.test.*', '!./**/*.stories.*', '!./test/**'], { query: '?raw', import: 'default', eager: true }),
);
/** Every source file `entry` reaches through static imports (a dynamic `import()` is what makes a chunk). */
const reach = (entry: string) => reachFrom(sources, entry);

/** What the site's shell uses of the package on every page, the home page included. */
const HOME_ENTRIES = ['search/HeaderSearch.tsx', 'namespace.ts', 'routes.tsx', 'paths.ts', 'library/namespace.ts'];

describe('what a visitor on the home page carries (the search box only, no texts)', () => {
  it('the box, the texts, the routes and the paths reach no call, no library, no results and no texts file', () => {
    const home = new Set(HOME_ENTRIES.flatMap((entry) => [...reach(entry)]));
    expect([...home].sort()).toEqual(['library/namespace.ts', 'namespace.ts', 'paths.ts', 'routes.tsx', 'search/HeaderSearch.tsx']);
  });

  it('the suggestions, the library and the results page come as chunks of their own, with the calls', () => {
    expect(sources['search/HeaderSearch.tsx']).toContain("import('./SearchSuggestions.tsx')");
    expect(reach('search/SearchSuggestions.tsx')).toContain('vodApi.ts');
    expect(sources['routes.tsx']).toContain("import('./library/views/VodLibraryPage.tsx')");
    expect(sources['routes.tsx']).toContain("import('./search/views/SearchPage.tsx')");
    expect(reach('library/views/VodLibraryPage.tsx')).toContain('vodApi.ts');
    expect(reach('search/views/SearchPage.tsx')).toContain('vodApi.ts');
  });
});
