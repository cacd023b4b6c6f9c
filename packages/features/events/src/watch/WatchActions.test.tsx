import type { EventDetail } from '@grandstand/contract';
import type * as PlayerModule from '@grandstand/player';
import type { PlayerProps } from '@grandstand/player';
import { renderWithProviders } from '@grandstand/test-kit';
import { axe } from '@grandstand/vitest-config/axe';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { eventsNamespace } from '../namespace.ts';
import { channelRoutes, matchup } from '../test/fixtures.ts';
import { watchNamespace } from './namespace.ts';
import { createWatchRoutes, embedRoutes, type WatchActionProps } from './routes.ts';

/**
 * shaka at its boundary: jsdom cannot play media, and the real build reports no support there, which
 * would replace the controls (and the actions) with the player's error. The page's player gets a
 * shaka that loads a live window of 10 minutes whose first program date-time is 18:00 UTC.
 */
vi.mock('@grandstand/player', async (importOriginal) => {
  const original = await importOriginal<typeof PlayerModule>();
  class FakeShaka extends EventTarget {
    private video: HTMLMediaElement | undefined;
    attach(video: HTMLMediaElement) {
      this.video = video;
      return Promise.resolve();
    }
    configure = () => true;
    load = () => Promise.resolve();
    destroy = () => Promise.resolve();
    isLive = () => true;
    seekRange = () => ({ start: 0, end: 600 });
    getVariantTracks = () => [];
    selectVariantTrack = () => undefined;
    getPresentationStartTimeAsDate = () => new Date('2026-11-24T18:00:00Z');
    getPlayheadTimeAsDate = () => new Date(Date.parse('2026-11-24T18:00:00Z') + (this.video?.currentTime ?? 0) * 1000);
  }
  const createPlayer = () => Promise.resolve(new FakeShaka());
  return { ...original, Player: (props: PlayerProps) => <original.Player {...props} createPlayer={createPlayer} /> };
});

const live: EventDetail = {
  ...matchup,
  description: null,
  category: null,
  location: null,
  stream_status: 'live',
  access: { allowed: true, geo_blocked: false, options: [] },
  stream: { url: '/media/s/t/events/1/index.m3u8', kind: 'hls', live: true, expires_in: 120 },
};

/** A watch action as the site's Clip control is one: it reads the event and the player's live clock. */
function Action({ event, player }: WatchActionProps) {
  const [edge, setEdge] = useState<string | null>(null);
  return (
    <button type="button" onClick={() => setEdge(player.liveEdgeDate()?.toISOString() ?? 'no clock')}>
      {edge ?? `Clip ${event.id}`}
    </button>
  );
}

async function renderWatch(path: string) {
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue();
  return renderWithProviders([...createWatchRoutes({ WatchActions: Action }), ...embedRoutes], {
    route: path,
    routes: channelRoutes({ 'GET /events/1': () => ({ json: { data: live } }) }),
    namespaces: [eventsNamespace, watchNamespace],
  });
}

describe('the watch page with the site\'s watch actions', () => {
  it('puts them in the player\'s control bar, given the event and the player', async () => {
    const { container } = await renderWatch('/watch/1');
    const player = await screen.findByRole('region', { name: 'Northfield Eagles @ Riverside Lions' });
    const action = await within(player).findByRole('button', { name: 'Clip 1' });
    // The player has loaded the stream: its handle reads the live edge on the wall clock.
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    expect(screen.queryByRole('alert')).toBeNull();
    await userEvent.setup().click(action);
    expect(action).toHaveTextContent('2026-11-24T18:10:00.000Z');
    expect(await axe(container)).toHaveNoViolations();
  });

  it('leaves them out of the embedded player', async () => {
    await renderWatch('/watch_embed/1');
    const player = await screen.findByRole('region', { name: 'Northfield Eagles @ Riverside Lions' });
    expect(within(player).getByRole('button', { name: 'Play' })).toBeInTheDocument();
    expect(within(player).queryByRole('button', { name: /^Clip/ })).toBeNull();
  });
});
