import { AUTH_PATHS, createAuthRoutes } from '@grandstand/auth';
import { clipsEmbedRoutes, clipsLibraryRoutes, clipsProfileRoutes, LazyClipAction } from '@grandstand/clips';
import { COMMERCE_PATHS, commerceRoutes } from '@grandstand/commerce';
import { CONTENT_PATHS, createChannelPageRoute, createContentRoutes } from '@grandstand/content';
import type { Page } from '@grandstand/contract';
import { checkRoutes, createWatchRoutes, embedRoutes, eventsRoutes, LazyEventPlayer, LazyScheduleView, PLAYBACK_CHECK_PATH } from '@grandstand/events';
import { favouritesProfileRoutes } from '@grandstand/favourites';
import { useTranslation } from '@grandstand/i18n';
import { profileChildRoutes } from '@grandstand/profile';
import { lazyView, Loader, preloadLazyViews } from '@grandstand/ui';
import { searchRoutes, VOD_PATHS, vodRoutes } from '@grandstand/vod';
import { Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { matchRoutes, Navigate, Outlet, useLocation, useRoutes } from 'react-router';
import type { SiteChannel } from './channel.ts';
import { NavigationEffects } from './navigation/NavigationEffects.tsx';
import { NavigationGuards } from './navigation/NavigationGuards.tsx';
import { Layout } from './shell/Layout.tsx';
import { PageErrorBoundary } from './shell/PageErrorBoundary.tsx';
import { SiteReady } from './shell/SiteReady.tsx';

const NotFoundPage = lazyView(async () => (await import('./pages/NotFoundPage.tsx')).default);
const ProfileSections = lazyView(async () => (await import('./pages/ProfileSections.tsx')).ProfileSections);

/** Paths the product owns (spec §2); a channel page may not shadow them. */
const RESERVED = new Set(['/', '/404', '/live', '/upcoming', '/schedule', '/vod', PLAYBACK_CHECK_PATH, ...Object.values(VOD_PATHS), ...Object.values(AUTH_PATHS), ...CONTENT_PATHS, ...Object.values(COMMERCE_PATHS)]);

/** The watch page, its player carrying the Clip control (spec §1: viewers cut clips). */
const watchRoutes = createWatchRoutes({ WatchActions: LazyClipAction });

/** The account routes, with the profile's order list (its default child), transactions, clips and favourites (spec §2). */
const authRoutes = createAuthRoutes({
  profileChildren: [...profileChildRoutes, ...clipsProfileRoutes, ...favouritesProfileRoutes],
  profileSectionsNav: <ProfileSections />,
  // A linked TV becomes the watch page of the game its viewer chose (spec §1: link another device).
  DevicePlayer: LazyEventPlayer,
});

function Loading() {
  const { t } = useTranslation('shell');
  return <Loader label={t('loading')} />;
}

/** The site's frame: header, footer, toasts and popups around every page but the embed. */
function Root() {
  const { pathname } = useLocation();
  return (
    <Layout>
      <NavigationEffects />
      <NavigationGuards />
      <PageErrorBoundary resetKey={pathname}>
        <Suspense fallback={<Loading />}>
          <Outlet />
          <SiteReady />
        </Suspense>
      </PageErrorBoundary>
    </Layout>
  );
}

/** The embeds' plain frame: no header or footer (spec §2 `/watch_embed/{id}`, and a shared clip's player). */
function Plain() {
  return (
    <Suspense fallback={<Loading />}>
      <Outlet />
      <SiteReady />
    </Suspense>
  );
}

/**
 * The route table (architecture: apps/web owns it). The features bring their routes; the channel's
 * pages come from its page list, each titled with its name and showing the shared schedule view
 * (spec §2).
 */
export function buildRoutes(pages: readonly Page[], channel: Pick<SiteChannel, 'description'>): RouteObject[] {
  const pageRoutes = pages
    .filter((page) => page.url.startsWith('/') && !RESERVED.has(page.url))
    .map((page) => createChannelPageRoute(page, <LazyScheduleView />));
  return [
    { element: <Plain />, children: [...embedRoutes, ...clipsEmbedRoutes] },
    {
      element: <Root />,
      children: [
        ...eventsRoutes,
        // The watch page with the Clip control in its player (the editor loads when it is pressed).
        ...watchRoutes,
        // The playback check, "Test your device" (spec §2 /simulate).
        ...checkRoutes,
        ...clipsLibraryRoutes,
        // The on-demand library (spec §2 /vod_library) and the search's full results.
        ...vodRoutes,
        ...searchRoutes,
        ...authRoutes,
        ...commerceRoutes,
        ...createContentRoutes({ description: channel.description }),
        { path: '404', element: <NotFoundPage /> },
        ...pageRoutes,
        // spec §2: a catch-all redirects unknown paths to /404.
        { path: '*', element: <Navigate to="/404" replace /> },
      ],
    },
  ];
}

/**
 * The page the route table shows at the router's location. Navigations are transitions (react-router's
 * `BrowserRouter` sets its location in `startTransition`): a view whose code is still loading keeps
 * the page before it on screen instead of the loader.
 */
export function SiteRoutes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

/**
 * Loads the code of every view the routes show at `location`, so a page the server rendered hydrates
 * without suspending (its markup is taken over as it is, with no loader in between).
 */
export async function preloadRoutes(routes: RouteObject[], location: { pathname: string }): Promise<void> {
  const matches = matchRoutes(routes, location) ?? [];
  await Promise.all(matches.map(({ route }) => preloadLazyViews(route.element)));
}
