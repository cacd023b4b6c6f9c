import type { EventDetail } from '@grandstand/contract';
import type * as PlayerModule from '@grandstand/player';
import type { PlayerProps } from '@grandstand/player';
import { axe } from '@grandstand/vitest-config/axe';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../test/renderRoute.tsx';
import { matchup } from '../test/fixtures.ts';
import { EARLY_POLL_MS, LIVE_POLL_MS, livePollingFor, STARTING_POLL_MS } from './livePolling.ts';

/** Every stream load shaka is asked for: a new one is a new playback (the player remounted). */
const loads: string[] = [];

/** shaka at its boundary, as in WatchActions.test.tsx: jsdom cannot play media. */
vi.mock('@grandstand/player', async (importOriginal) => {
  const original = await importOriginal<typeof PlayerModule>();
  class FakeShaka extends EventTarget {
    attach = () => Promise.resolve();
    configure = () => true;
    load = (uri: string) => {
      loads.push(uri);
      return Promise.resolve();
    };
    destroy = () => Promise.resolve();
    isLive = () => true;
    seekRange = () => ({ start: 0, end: 600 });
    getVariantTracks = () => [];
    selectVariantTrack = () => undefined;
    getPresentationStartTimeAsDate = () => null;
    getPlayheadTimeAsDate = () => null;
  }
  const createPlayer = () => Promise.resolve(new FakeShaka());
  return { ...original, Player: (props: PlayerProps) => <original.Player {...props} createPlayer={createPlayer} /> };
});

const TITLE = 'Northfield Eagles @ Riverside Lions';
const STREAM = { url: '/media/s/t/events/1/index.m3u8', kind: 'hls', live: true, expires_in: 120 } as const;
const nowS = () => Math.floor(Date.now() / 1000);

function detail(overrides: Partial<EventDetail> = {}): EventDetail {
  return {
    ...matchup,
    description: null,
    category: null,
    location: null,
    access: { allowed: true, geo_blocked: false, options: [] },
    stream: null,
    ...overrides,
  };
}

/** The watch page of event 1, answered with whatever `answer` holds when it is asked. */
async function watch(first: EventDetail, language?: string) {
  const answer = { current: first };
  const rendered = await renderRoute('/watch/1', {
    routes: { 'GET /events/1': () => ({ json: { data: answer.current } }) },
    watch: true,
    ...(language ? { language } : {}),
  });
  const asked = () => rendered.server.calls.filter((call) => call.path === '/api/events/1').length;
  return { ...rendered, answer, asked };
}

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('the watch page of a live event', () => {
  beforeEach(() => {
    loads.length = 0;
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
    setVisibility('visible');
  });

  it('turns live without a reload for a viewer waiting on the page when the camera starts', async () => {
    const { answer, asked } = await watch(detail({ stream_status: 'upcoming', event_utc_ts: nowS() + 10 * 60 }));
    expect(await screen.findByLabelText('Starts in')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: TITLE })).toBeNull();
    const before = asked();
    answer.current = detail({ stream_status: 'live', event_utc_ts: nowS() + 10 * 60, stream: STREAM, live_signal: 'on' });
    await advance(STARTING_POLL_MS);
    expect(asked()).toBe(before + 1);
    expect(await screen.findByRole('region', { name: TITLE })).toBeInTheDocument();
    await waitFor(() => expect(loads).toEqual([STREAM.url]));
    expect(screen.queryByText('Back in a moment')).toBeNull();
  });

  it('shows "Back in a moment" over the player while the signal is lost, and a new playback at the live edge when it is back', async () => {
    const { answer, container } = await watch(detail({ stream_status: 'live', stream: STREAM, live_signal: 'on' }));
    expect(await screen.findByRole('region', { name: TITLE })).toBeInTheDocument();
    await waitFor(() => expect(loads).toHaveLength(1));

    answer.current = detail({ stream_status: 'live', stream: STREAM, live_signal: 'lost' });
    await advance(LIVE_POLL_MS);
    const slate = await screen.findByText('Back in a moment');
    // In a status region that was there before it: a screen reader says it when it appears.
    expect(slate.closest('[role="status"]')).toHaveTextContent("The camera's signal dropped. The game picks up here as soon as it is back.");
    // The player stays (on its timeline) under the slate, out of reach of the keyboard.
    expect(screen.getByRole('region', { name: TITLE, hidden: true }).closest('[inert]')).not.toBeNull();
    expect(loads).toHaveLength(1);
    expect(await axe(container)).toHaveNoViolations();

    answer.current = detail({ stream_status: 'live', stream: STREAM, live_signal: 'on' });
    await advance(LIVE_POLL_MS);
    await waitFor(() => expect(screen.queryByText('Back in a moment')).toBeNull());
    expect(screen.getByRole('region', { name: TITLE }).closest('[inert]')).toBeNull();
    await waitFor(() => expect(loads).toEqual([STREAM.url, STREAM.url]));
  });

  it('says the camera is awaited while a live event has no signal yet, in French too', async () => {
    const { container } = await watch(detail({ stream_status: 'live', stream: STREAM, live_signal: 'waiting' }), 'fr');
    const slate = await screen.findByText('En attente de la caméra');
    expect(slate.closest('[role="status"]')).toHaveTextContent('La diffusion commence ici dès que la caméra est allumée.');
    // The player is there all the same: its first request is what starts a demo camera.
    await waitFor(() => expect(loads).toHaveLength(1));
    expect(await axe(container)).toHaveNoViolations();
  });

  it('says "Back in a moment" in French', async () => {
    await watch(detail({ stream_status: 'live', stream: STREAM, live_signal: 'lost' }), 'fr');
    expect(await screen.findByText('De retour dans un instant')).toBeInTheDocument();
  });

  it('asks nothing while the page is hidden, and at once when it is shown again', async () => {
    const { asked } = await watch(detail({ stream_status: 'live', stream: STREAM, live_signal: 'on' }));
    await screen.findByRole('region', { name: TITLE });
    await advance(LIVE_POLL_MS);
    const shown = asked();
    act(() => setVisibility('hidden'));
    await advance(LIVE_POLL_MS * 3);
    expect(asked()).toBe(shown);
    act(() => setVisibility('visible'));
    await waitFor(() => expect(asked()).toBe(shown + 1));
  });

  it('asks once a minute for an event far from its start, whose camera may start early', async () => {
    const { asked } = await watch(detail({ stream_status: 'upcoming', event_utc_ts: nowS() + 2 * 3600 }));
    await screen.findByLabelText('Starts in');
    const first = asked();
    await advance(STARTING_POLL_MS * 3);
    expect(asked()).toBe(first);
    await advance(EARLY_POLL_MS);
    await waitFor(() => expect(asked()).toBe(first + 1));
  });
});

describe('livePollingFor', () => {
  const now = Date.parse('2026-12-05T18:00:00Z');
  const at = (minutes: number) => now / 1000 + minutes * 60;
  const allowed = { allowed: true, geo_blocked: false, options: [] };

  it('follows a live event and one about to start or past its start, for a viewer allowed to watch', () => {
    expect(livePollingFor({ stream_status: 'live', cancelled: false, event_utc_ts: at(-20), access: allowed }, now)).toBe(LIVE_POLL_MS);
    expect(livePollingFor({ stream_status: 'upcoming', cancelled: false, event_utc_ts: at(30), access: allowed }, now)).toBe(STARTING_POLL_MS);
    expect(livePollingFor({ stream_status: 'upcoming', cancelled: false, event_utc_ts: at(-5), access: allowed }, now)).toBe(STARTING_POLL_MS);
  });

  it('asks once a minute for an upcoming event further away', () => {
    expect(livePollingFor({ stream_status: 'upcoming', cancelled: false, event_utc_ts: at(31), access: allowed }, now)).toBe(EARLY_POLL_MS);
    expect(livePollingFor({ stream_status: 'upcoming', cancelled: false, event_utc_ts: at(60 * 24 * 3), access: allowed }, now)).toBe(EARLY_POLL_MS);
  });

  it('leaves alone an event finished, cancelled, or one the viewer may not watch', () => {
    expect(livePollingFor({ stream_status: 'finished', cancelled: false, event_utc_ts: at(-90), access: allowed }, now)).toBe(0);
    expect(livePollingFor({ stream_status: 'live', cancelled: true, event_utc_ts: at(-5), access: allowed }, now)).toBe(0);
    expect(livePollingFor({ stream_status: 'live', cancelled: false, event_utc_ts: at(-5), access: { allowed: false, geo_blocked: false, options: ['buy_event'] } }, now)).toBe(0);
    expect(livePollingFor(undefined, now)).toBe(0);
  });
});
