import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@grandstand/test-kit';
import { describe, expect, it } from 'vitest';
import { channelRoutes, matchup } from '../test/fixtures.ts';
import { watchNamespace } from './namespace.ts';
import { useWatchPrefetch } from './prefetch.ts';

function Links() {
  const prefetch = useWatchPrefetch();
  return (
    <>
      <a href="/watch/7" onPointerEnter={() => prefetch('/watch/7')}>
        Watch
      </a>
      <a href="/vod" onPointerEnter={() => prefetch('/vod')}>
        On demand
      </a>
    </>
  );
}

describe('useWatchPrefetch', () => {
  it('asks for the event of a watch link the viewer points at, once, and for nothing on other links', async () => {
    const { api } = await renderWithProviders([{ path: '/', element: <Links /> }], {
      route: '/',
      routes: channelRoutes({ 'GET /events/7': () => ({ json: { data: { ...matchup, id: 7 } } }) }),
      namespaces: [watchNamespace],
    });
    const user = userEvent.setup();
    const eventCalls = () => api.calls.filter((call) => call.path === '/api/events/7');

    await user.hover(screen.getByRole('link', { name: 'On demand' }));
    await user.hover(screen.getByRole('link', { name: 'Watch' }));
    await waitFor(() => expect(eventCalls()).toHaveLength(1));
    await user.unhover(screen.getByRole('link', { name: 'Watch' }));
    await user.hover(screen.getByRole('link', { name: 'Watch' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(eventCalls()).toHaveLength(1);
    // The on-demand link fetched nothing: no listing, no other event.
    expect(api.calls.filter((call) => /^\/api\/events(\/|$)/.test(call.path) && call.path !== '/api/events/7')).toEqual([]);
  });
});
