import { loadTagManager } from '@grandstand/analytics';
import type { ApiClient } from '@grandstand/api-client';
import { isGuestOnlyPath } from '@grandstand/auth';
import { changeLanguage, htmlLang, useTranslation } from '@grandstand/i18n';
import { channelApi, selectShowReloadScreen, useAppSelector } from '@grandstand/store';
import type { AppStore } from '@grandstand/store';
import { ChannelThemeProvider, LinkProvider, Loader } from '@grandstand/ui';
import { useEffect, useMemo, useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import channel from 'virtual:grandstand-channel';
import { RouterLink } from './navigation/RouterLink.tsx';
import { buildRoutes } from './routes.tsx';
import { ReloadScreen } from './shell/ReloadScreen.tsx';
import { LANGUAGE_STORAGE_KEY } from './shell/services.tsx';
import { runStartup } from './startup/startup.ts';
import type { StartupResult } from './startup/startup.ts';

/**
 * Runs the startup sequence with the loader up, then shows the site, or the reload screen when the
 * keys cannot be had or a crash code came back (spec §2, §8).
 */
export function App({ client, store }: { client: ApiClient; store: AppStore }) {
  const { t, i18n } = useTranslation('shell');
  const [startup, setStartup] = useState<StartupResult | null>(null);
  const showReload = useAppSelector(selectShowReloadScreen);
  const { data: colors } = channelApi.useGetColorSettingsQuery(undefined, { skip: startup === null });
  const { data: settings } = channelApi.useGetSettingsQuery(undefined, { skip: startup === null });

  useEffect(() => {
    let active = true;
    // spec §4 sends a known user home from an auth page; that means the pages a logged-in user has no
    // use for (spec §2's list). The verify-email link must still work for a user who is logged in.
    void runStartup(client, store, { onAuthPage: isGuestOnlyPath(window.location.pathname) }).then((result) => {
      if (active) setStartup(result);
    });
    return () => {
      active = false;
    };
  }, [client, store]);

  // The channel's language, unless the viewer chose one.
  useEffect(() => {
    if (settings && !client.storage.get<string>(LANGUAGE_STORAGE_KEY)) void changeLanguage(i18n, settings.language);
  }, [client, i18n, settings]);

  // spec §7: the tag manager is loaded by the channel's tracking id; ecommerce events go to its data layer.
  useEffect(() => {
    if (settings) loadTagManager(settings['google-analytics']);
  }, [settings]);

  useEffect(() => {
    const update = (language: string) => {
      document.documentElement.lang = htmlLang(language);
    };
    update(i18n.language);
    i18n.on('languageChanged', update);
    return () => i18n.off('languageChanged', update);
  }, [i18n]);

  const router = useMemo(() => {
    if (startup?.status !== 'ready') return null;
    const created = createBrowserRouter(buildRoutes(startup.pages));
    if (startup.goHome) void created.navigate('/', { replace: true });
    return created;
  }, [startup]);

  const reload = async () => {
    // spec §2: the button re-requests the api key, then reloads.
    client.clearKeys();
    await client.getApiKey().catch(() => undefined);
    window.location.reload();
  };

  let content;
  if (startup === null) content = <Loader fullScreen label={t('loading')} />;
  else if (startup.status !== 'ready' || showReload || !router) content = <ReloadScreen onReload={reload} />;
  else content = <RouterProvider router={router} />;

  // Every link of ui and the features navigates with react-router: said once, here.
  return (
    <ChannelThemeProvider colors={colors ?? channel.fallbackColors}>
      <LinkProvider component={RouterLink}>{content}</LinkProvider>
    </ChannelThemeProvider>
  );
}
