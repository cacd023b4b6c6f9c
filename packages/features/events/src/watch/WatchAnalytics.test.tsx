import { resetAnalytics } from '@grandstand/analytics';
import type { EventDetail } from '@grandstand/contract';
import type * as PlayerModule from '@grandstand/player';
import type { PlayerProps } from '@grandstand/player';
import { recordDatalake, renderWithProviders } from '@grandstand/test-kit';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { eventsNamespace } from '../namespace.ts';
import { channelRoutes, matchup } from '../test/fixtures.ts';
import { watchNamespace } from './namespace.ts';
import { createWatchRoutes } from './routes.ts';

/** shaka at its boundary, as in WatchActions.test.tsx: jsdom cannot play media. */
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
  event_category_id: 101,
  category: { id: 101, name: 'Ice hockey', alias: 'ice-hockey' },
  location: null,
  stream_status: 'live',
  access: { allowed: true, geo_blocked: false, options: [] },
  stream: { url: '/media/s/t/events/1/index.m3u8', kind: 'hls', live: true, expires_in: 120 },
};

afterEach(() => resetAnalytics());

describe('the watch page\'s analytics (spec §7 video events)', () => {
  it('reports the viewer\'s start and pause of the stream, named by the event, under one viewing', async () => {
    const pushed = recordDatalake();
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue();
    const { container } = await renderWithProviders(createWatchRoutes(), {
      route: '/watch/1',
      routes: channelRoutes({ 'GET /events/1': () => ({ json: { data: live } }) }),
      namespaces: [eventsNamespace, watchNamespace],
    });
    await screen.findByRole('region', { name: 'Northfield Eagles @ Riverside Lions' });
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    const video = container.querySelector('video');
    expect(video).not.toBeNull();
    video?.dispatchEvent(new Event('playing'));
    video?.dispatchEvent(new Event('pause'));
    await waitFor(() => expect(pushed.filter((item) => item.call === 'video/event')).toHaveLength(2));
    const [start, pause] = pushed.filter((item) => item.call === 'video/event');
    expect(start?.body).toMatchObject({ event: 'start', stream_id: 1, stream_type: 'live', stream_title: 'Northfield Eagles @ Riverside Lions', user_id: null });
    expect(pause?.body).toMatchObject({ event: 'pause', video_view_uuid: start?.body.video_view_uuid });
  });
});
