import type { ApiClient } from '@grandstand/api-client';
import type { ColorSettings } from '@grandstand/contract';
import { eventsRoutes, watchRoutes } from '@grandstand/events';
import { useTranslation } from '@grandstand/i18n';
import { channelApi } from '@grandstand/store';
import { ChannelThemeProvider, LinkProvider, Loader } from '@grandstand/ui';
import type { LinkComponentProps } from '@grandstand/ui';
import { Suspense, useEffect, useMemo, useState } from 'react';
import { createBrowserRouter, Link, Outlet, RouterProvider } from 'react-router';

/** ui's and the features' links navigate inside this app. */
function RouterLink({ href, ...rest }: LinkComponentProps) {
  return <Link to={href} {...rest} />;
}

function Frame() {
  const { t } = useTranslation('shell');
  return (
    <main>
      <Suspense fallback={<Loader label={t('loading')} />}>
        <Outlet />
      </Suspense>
    </main>
  );
}

/** Home (the events' home view) and watch: what this app is made of. */
const routes = [{ element: <Frame />, children: [eventsRoutes[0]!, ...watchRoutes] }];

type Start = 'starting' | 'ready' | 'failed';

export function App({ client, fallbackColors }: { client: ApiClient; fallbackColors: ColorSettings }) {
  const { t } = useTranslation('shell');
  const [start, setStart] = useState<Start>('starting');
  const { data: colors } = channelApi.useGetColorSettingsQuery(undefined, { skip: start !== 'ready' });

  useEffect(() => {
    let active = true;
    // The key exchange first: a channel that does not answer this origin stops here.
    client.getApiKey().then(
      () => active && setStart('ready'),
      () => active && setStart('failed'),
    );
    return () => {
      active = false;
    };
  }, [client]);

  const router = useMemo(() => (start === 'ready' ? createBrowserRouter(routes) : null), [start]);

  let content;
  if (start === 'failed') content = <p role="alert">This channel cannot be reached from this app.</p>;
  else if (router) content = <RouterProvider router={router} />;
  else content = <Loader fullScreen label={t('loading')} />;

  return (
    <ChannelThemeProvider colors={colors ?? fallbackColors}>
      <LinkProvider component={RouterLink}>{content}</LinkProvider>
    </ChannelThemeProvider>
  );
}
