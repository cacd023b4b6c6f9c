import { testSettings } from '@grandstand/test-kit/fixtures';
import { createStoryProviders } from '@grandstand/test-kit/storybook';
import { Outlet } from 'react-router';
import { vodLibraryNamespace } from '../library/namespace.ts';
import { VodLibraryPage } from '../library/views/VodLibraryPage.tsx';
import { vodNamespace } from '../namespace.ts';
import { HeaderSearch } from '../search/HeaderSearch.tsx';
import { SearchPage } from '../search/views/SearchPage.tsx';
import { categories, featured, itemsResponse, seasonReview, coachesShow, hockeyFeminin } from './fixtures.ts';

/**
 * The feature's stories: its pages at their own paths in a router under a header with the
 * search box, for a visitor unless `parameters.user`; `parameters.vodRoutes` answers the calls.
 */
export const { loader: vodLoader, decorator: withVodProviders } = createStoryProviders({
  namespaces: [vodNamespace, vodLibraryNamespace],
  routesParameter: 'vodRoutes',
  routes: {
    'GET /settings': () => ({ json: { data: testSettings({ prerolls: [] }) } }),
    'GET /vod-media-rails': () => ({ json: { data: [featured] } }),
    'GET /vod-media-categories': () => ({ json: { data: categories } }),
    'GET /vod-media-items': () => ({ json: itemsResponse([seasonReview, coachesShow, hockeyFeminin]) }),
  },
  visitorKey: true,
  route: '/vod_library',
  router: [
    {
      element: (
        <>
          <header>
            <HeaderSearch />
          </header>
          <main>
            <Outlet />
          </main>
        </>
      ),
      children: [
        { path: '/vod_library', element: <VodLibraryPage /> },
        { path: '/search', element: <SearchPage /> },
        { path: '*', element: <p>Another page of the site</p> },
      ],
    },
  ],
});
