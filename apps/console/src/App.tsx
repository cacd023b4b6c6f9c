import type { ApiClient } from '@grandstand/api-client';
import { CONSOLE_BASE, CONSOLE_LANGUAGE_KEY, ConsoleChannelContext } from '@grandstand/console';
import type { ConsoleChannel } from '@grandstand/console';
import type { ColorSettings } from '@grandstand/contract';
import { useFollowLanguage, useTranslation } from '@grandstand/i18n';
import { channelApi } from '@grandstand/store';
import { ChannelThemeProvider, LinkProvider, Loader } from '@grandstand/ui';
import type { LinkComponentProps } from '@grandstand/ui';
import { Suspense, useEffect, useMemo } from 'react';
import { BrowserRouter, Link, useRoutes } from 'react-router';
import type { RouteObject } from 'react-router';

/** Every link of ui and the features navigates in the console's router (basename /console). */
function RouterLink({ href, ...rest }: LinkComponentProps) {
  return <Link to={href} {...rest} />;
}

function Routes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

/** A quiet stand-in colour set for a page no server wrote into (the dev server's). */
const NEUTRAL: ColorSettings = {
  'header-background': '#1f2937',
  'header-text-color': '#ffffff',
  'body-background': '#ffffff',
  'body-text-color': '#111827',
  'footer-background': '#1f2937',
  'footer-text-color': '#ffffff',
  'primary-color': '#1d4ed8',
  'secondary-color': '#4b5563',
};

export interface AppProps {
  client: ApiClient;
  routes: RouteObject[];
  /** The host's channel as the page names it; null on a page no server wrote into. */
  channel: { slug: string; name: string; fallbackColors: ColorSettings } | null;
}

/**
 * The control room in the host channel's look: its fallback colours first (from the page), then its
 * colour settings from the API; its language unless the operator chose one. No per-channel build.
 */
export function App({ client, routes, channel }: AppProps) {
  const { t, i18n } = useTranslation('console');
  const { data: colors } = channelApi.useGetColorSettingsQuery();
  const { data: settings } = channelApi.useGetSettingsQuery();

  useFollowLanguage(i18n, client.storage.get<string>(CONSOLE_LANGUAGE_KEY), settings?.language);

  // The console is on screen and taken over by the app (the end-to-end tests wait for this mark, as on the site).
  useEffect(() => {
    document.documentElement.dataset.ready = '';
  }, []);

  useEffect(() => {
    const name = channel?.name;
    document.title = name ? `${name} · ${t('title')}` : t('title');
  }, [channel, t, i18n.language]);

  const consoleChannel = useMemo<ConsoleChannel | null>(() => (channel ? { slug: channel.slug, name: channel.name } : null), [channel]);
  return (
    <ChannelThemeProvider colors={colors ?? channel?.fallbackColors ?? NEUTRAL}>
      <LinkProvider component={RouterLink}>
        <ConsoleChannelContext value={consoleChannel}>
          <BrowserRouter basename={CONSOLE_BASE}>
            <Suspense fallback={<Loader label={t('loading')} fullScreen />}>
              <Routes routes={routes} />
            </Suspense>
          </BrowserRouter>
        </ConsoleChannelContext>
      </LinkProvider>
    </ChannelThemeProvider>
  );
}
