import type { ApiClient } from '@grandstand/api-client';
import { isGuestOnlyPath } from '@grandstand/auth';
import type { ColorSettings } from '@grandstand/contract';
import { EventsExtensionsProvider } from '@grandstand/events';
import type { EventsExtensions } from '@grandstand/events';
import { LazyFollowButton } from '@grandstand/favourites';
import { useFollowLanguage, useTranslation } from '@grandstand/i18n';
import { channelApi, selectShowReloadScreen, useAppSelector } from '@grandstand/store';
import type { AppStore } from '@grandstand/store';
import { ChannelThemeProvider, LinkProvider, Loader } from '@grandstand/ui';
import type { ReactNode } from 'react';
import { startTransition, useEffect, useMemo, useState } from 'react';
import { BrowserRouter } from 'react-router';
import type { RouteObject } from 'react-router';
import { useSiteChannel } from './channel.ts';
import { RouterLink } from './navigation/RouterLink.tsx';
import { WatchPrefetch } from './navigation/WatchPrefetch.tsx';
import { buildRoutes, SiteRoutes } from './routes.tsx';
import { PageViews, SiteAnalytics } from './shell/analytics.tsx';
import { ReloadScreen } from './shell/ReloadScreen.tsx';
import { SiteReady } from './shell/SiteReady.tsx';
import { LANGUAGE_STORAGE_KEY } from './shell/services.tsx';
import { runStartup } from './startup/startup.ts';
import type { StartupResult } from './startup/startup.ts';

/** What the events views carry from other features: the follow control beside every team, school and sport. */
const eventsExtensions: EventsExtensions = { Follow: LazyFollowButton };

/**
 * The channel's theme, the site's links and the events views' extensions around a page: the same
 * on the server and in the browser, so a visitor's server-rendered follow controls hydrate as they are.
 */
export function Shell({ colors, children }: { colors: ColorSettings | undefined; children: ReactNode }) {
  const channel = useSiteChannel();
  // Every link of ui and the features navigates with react-router: said once, here.
  return (
    <ChannelThemeProvider colors={colors ?? channel.fallbackColors}>
      <LinkProvider component={RouterLink}>
        <WatchPrefetch />
        <EventsExtensionsProvider value={eventsExtensions}>{children}</EventsExtensionsProvider>
      </LinkProvider>
    </ChannelThemeProvider>
  );
}

export interface AppProps {
  client: ApiClient;
  store: AppStore;
  /**
   * The routes of a page the server rendered, the code of the views it shows already loaded: the
   * site shows it at once (taking the server's markup over) while the startup runs; the loader never shows.
   */
  routes?: RouteObject[];
}

/**
 * Runs the startup sequence, then shows the site, or the reload screen when the keys cannot be had
 * or a crash code came back (spec §2, §8). Without a server-rendered page, the loader is up until
 * the startup ends.
 */
export function App({ client, store, routes: serverRoutes }: AppProps) {
  const { t, i18n } = useTranslation('shell');
  const channel = useSiteChannel();
  const [startup, setStartup] = useState<StartupResult | null>(null);
  const showReload = useAppSelector(selectShowReloadScreen);
  const ready = serverRoutes !== undefined || startup !== null;
  const { data: colors } = channelApi.useGetColorSettingsQuery(undefined, { skip: !ready });
  const { data: settings } = channelApi.useGetSettingsQuery(undefined, { skip: !ready });

  useEffect(() => {
    let active = true;
    // spec §4 sends a known user home from an auth page; that means the pages a logged-in user has no
    // use for (spec §2's list). The verify-email link must still work for a user who is logged in.
    void runStartup(client, store, { onAuthPage: isGuestOnlyPath(window.location.pathname) }).then((result) => {
      if (!active) return;
      // A known user on an auth page goes home: the address changes before the router (mounted
      // next) reads it, so the auth page never shows. A server-rendered page is never an auth page.
      if (result.status === 'ready' && result.goHome && !serverRoutes) window.history.replaceState(window.history.state, '', '/');
      // A transition: the render it brings (the whole site, when nothing was server-rendered) is
      // worked through in slices, so a phone's main thread is never blocked for the length of it.
      startTransition(() => setStartup(result));
    });
    return () => {
      active = false;
    };
  }, [client, store, serverRoutes]);

  // The channel's language, unless the viewer chose one. A server-rendered page hydrates in the
  // channel's language; the viewer's own choice follows.
  useFollowLanguage(i18n, client.storage.get<string>(LANGUAGE_STORAGE_KEY), settings?.language);

  const routes = useMemo(() => {
    if (serverRoutes) return serverRoutes;
    if (startup?.status !== 'ready') return null;
    return buildRoutes(startup.pages, channel);
  }, [serverRoutes, startup, channel]);

  const reload = async () => {
    // spec §2: the button re-requests the api key, then reloads.
    client.clearKeys();
    await client.getApiKey().catch(() => undefined);
    window.location.reload();
  };

  // The same element while the routes are: the end of the startup, or the colours and settings
  // arriving, re-render App without re-rendering the page under it (on a server-rendered home,
  // every card once more in one long task).
  const site = useMemo(
    () =>
      routes && (
        <BrowserRouter>
          <SiteRoutes routes={routes} />
          <PageViews />
        </BrowserRouter>
      ),
    [routes],
  );

  let content;
  if ((startup !== null && startup.status !== 'ready') || showReload)
    content = (
      <>
        <ReloadScreen onReload={reload} />
        <SiteReady />
      </>
    );
  else if (site) content = site;
  else content = <Loader fullScreen label={t('loading')} />;

  return (
    <Shell colors={colors}>
      {content}
      <SiteAnalytics client={client} settings={settings} />
    </Shell>
  );
}
