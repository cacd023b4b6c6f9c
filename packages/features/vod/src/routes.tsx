import { lazyView } from '@grandstand/ui';
import type { RouteObject } from 'react-router';

const VodLibraryPage = lazyView(async () => (await import('./library/views/VodLibraryPage.tsx')).VodLibraryPage);
const SearchPage = lazyView(async () => (await import('./search/views/SearchPage.tsx')).SearchPage);

/**
 * spec §2 `/vod_library`: the on-demand library (and one item above it with `?vod_id=N`), inside
 * the site's layout, in its own lazy chunk; the player loads shaka in a chunk of its own.
 *
 * @example useRoutes([{ element: <Layout />, children: [...eventsRoutes, ...vodRoutes, ...searchRoutes] }])
 */
export const vodRoutes: RouteObject[] = [{ path: 'vod_library', element: <VodLibraryPage /> }];

/** `/search?q=`: the full results of a search (the header's box leads there), in its own lazy chunk. */
export const searchRoutes: RouteObject[] = [{ path: 'search', element: <SearchPage /> }];
