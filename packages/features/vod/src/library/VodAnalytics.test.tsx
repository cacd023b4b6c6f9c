import { resetAnalytics } from '@grandstand/analytics';
import { recordDatalake } from '@grandstand/test-kit';
import type * as PlayerModule from '@grandstand/player';
import type { PlayerProps } from '@grandstand/player';
import { testSettings } from '@grandstand/test-kit/fixtures';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { seasonReview, vodDetail } from '../test/fixtures.ts';
import { renderVod } from '../test/render.tsx';

/** shaka at its boundary, as the watch page's analytics test has it: jsdom cannot play media. */
vi.mock('@grandstand/player', async (importOriginal) => {
  const original = await importOriginal<typeof PlayerModule>();
  class FakeShaka extends EventTarget {
    attach = () => Promise.resolve();
    configure = () => true;
    load = () => Promise.resolve();
    destroy = () => Promise.resolve();
    isLive = () => false;
    seekRange = () => ({ start: 0, end: 75 });
    getVariantTracks = () => [];
    selectVariantTrack = () => undefined;
    getPresentationStartTimeAsDate = () => null;
    getPlayheadTimeAsDate = () => null;
  }
  const createPlayer = () => Promise.resolve(new FakeShaka());
  return { ...original, Player: (props: PlayerProps) => <original.Player {...props} createPlayer={createPlayer} /> };
});

afterEach(() => {
  resetAnalytics();
  vi.restoreAllMocks();
});

describe('a library video\'s analytics (spec §7 video events and viewing time)', () => {
  it('reports the viewer\'s start and pause of the video as a vod_media stream, under one viewing, tagged with its category and league', async () => {
    const pushed = recordDatalake();
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue();
    const { container } = await renderVod({
      route: '/vod_library?vod_id=7',
      routes: {
        'GET /settings': () => ({ json: { data: testSettings({ prerolls: [], name: 'Northfield Sports' }) } }),
        'GET /vod-media-items/7': () => ({ json: { data: vodDetail(seasonReview) } }),
        'GET /vod-media-rails': () => ({ json: { data: [] } }),
        'GET /vod-media-categories': () => ({ json: { data: [] } }),
        'GET /vod-media-items': () => ({ json: { data: [], meta: { total: 0, offset: 0, limit: 24 } } }),
      },
    });
    await screen.findByRole('region', { name: 'Season review 2025' });
    const video = container.querySelector('video');
    expect(video).not.toBeNull();
    // The player has loaded the stream (its loader gone) before the viewer plays it.
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    video?.dispatchEvent(new Event('playing'));
    video?.dispatchEvent(new Event('pause'));
    await waitFor(() => expect(pushed.filter((item) => item.call === 'video/event')).toHaveLength(2));
    const [start, pause] = pushed.filter((item) => item.call === 'video/event');
    expect(start?.body).toMatchObject({ event: 'start', stream_id: 7, stream_type: 'vod_media', stream_title: 'Season review 2025' });
    expect(pause?.body).toMatchObject({ event: 'pause', video_view_uuid: start?.body.video_view_uuid });
    // The pause ends a partial beat of watch time: counted under the item's tags.
    await waitFor(() => expect(pushed.some((item) => item.call === 'video/viewing')).toBe(true));
    const viewing = pushed.find((item) => item.call === 'video/viewing');
    expect(viewing?.body).toMatchObject({ stream_id: 7, stream_type: 'vod_media', video_view_uuid: start?.body.video_view_uuid, category: 'Documentaries', league: 'Northfield Sports' });
  });
});
