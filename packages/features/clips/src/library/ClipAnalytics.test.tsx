import { resetAnalytics } from '@grandstand/analytics';
import { recordDatalake } from '@grandstand/test-kit';
import type * as PlayerModule from '@grandstand/player';
import type { PlayerProps } from '@grandstand/player';
import { testSettings } from '@grandstand/test-kit/fixtures';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sharedClip } from './test/fixtures.ts';
import { renderLibrary } from './test/renderLibrary.tsx';

// jsdom cannot play media: shaka stands in at its boundary, as in the watch page's analytics test.
vi.mock('@grandstand/player', async (importOriginal) => {
  const original = await importOriginal<typeof PlayerModule>();
  const fake = Object.assign(new EventTarget(), {
    attach: () => Promise.resolve(),
    configure: () => true,
    load: () => Promise.resolve(),
    destroy: () => Promise.resolve(),
    isLive: () => false,
    seekRange: () => ({ start: 0, end: 42 }),
    getVariantTracks: () => [],
    selectVariantTrack: () => undefined,
    getPresentationStartTimeAsDate: () => null,
    getPlayheadTimeAsDate: () => null,
  });
  return { ...original, Player: (props: PlayerProps) => <original.Player {...props} createPlayer={() => Promise.resolve(fake)} /> };
});

afterEach(() => {
  resetAnalytics();
  vi.restoreAllMocks();
});

const shared = sharedClip({ id: 9, uuid: '3f2b8c1e-5a4d-4e6f-9a7b-1c2d3e4f5a6b', name: 'Buzzer beater', duration: 42 });

describe('a shared clip\'s analytics (spec §7 video events and viewing time)', () => {
  it('reports the viewer\'s start and end of the clip as a clip stream under one viewing, tagged with its game\'s sport and teams', async () => {
    const pushed = recordDatalake();
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue();
    const { container } = await renderLibrary({
      visitor: true,
      route: `/share/42/${shared.uuid}`,
      routes: {
        'GET /settings': () => ({ json: { data: testSettings({ name: 'Northfield Sports' }) } }),
        'GET /events-categories': () => ({ json: { data: [{ id: 100, name: 'Hockey', alias: 'hockey', parent_id: null, children: [] }] } }),
        [`GET /shared-clip/${shared.uuid}`]: () => ({ json: { data: shared } }),
      },
    });
    await screen.findByRole('region', { name: 'Buzzer beater' });
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    const video = container.querySelector('video');
    for (const name of ['playing', 'timeupdate', 'ended']) video?.dispatchEvent(new Event(name));
    await waitFor(() => expect(pushed.filter((item) => item.call === 'video/event').map((item) => item.body.event)).toEqual(expect.arrayContaining(['start', 'end'])));
    const events = pushed.filter((item) => item.call === 'video/event');
    const start = events.find((item) => item.body.event === 'start');
    expect(start?.body).toMatchObject({ stream_id: 9, stream_type: 'clip', stream_title: 'Buzzer beater' });
    expect(new Set(events.map((item) => item.body.video_view_uuid)).size).toBe(1);
    await waitFor(() => expect(pushed.some((item) => item.call === 'video/viewing')).toBe(true));
    expect(pushed.find((item) => item.call === 'video/viewing')?.body).toMatchObject({
      stream_id: 9,
      stream_type: 'clip',
      category: 'Hockey',
      team: 'Northfield Eagles | Riverside Lions',
      league: 'Northfield Sports',
    });
  });
});
