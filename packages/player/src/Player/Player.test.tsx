import { axe } from '@grandstand/vitest-config/axe';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeShakaPlayer, networkError } from '../test/fakePlayer.ts';
import { labels } from '../test/labels.ts';
import { renderThemed } from '@grandstand/test-kit';
import { UnsupportedBrowserError } from '../engine/loadShaka.ts';
import type { PlayerHandle } from './handle.ts';
import { Player } from './Player.tsx';

const SRC = '/media/s/token/events/7/index.m3u8';

describe('Player', () => {
  // jsdom does not implement media playback; the browser's play() is outside the unit.
  beforeEach(() => {
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue();
  });

  it('loads the stream into shaka and shows its controls, loading until it plays', async () => {
    const player = new FakeShakaPlayer();
    const createPlayer = () => Promise.resolve(player);
    const { container } = renderThemed(<Player src={SRC} live={false} title="Eagles @ Falcons" labels={labels} createPlayer={createPlayer} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading video');
    await waitFor(() => expect(player.loads).toEqual([{ uri: SRC, startTime: undefined }]));
    expect(player.attached).toBeInstanceOf(HTMLVideoElement);
    expect(screen.getByRole('region', { name: 'Eagles @ Falcons' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Play' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
    expect(await axe(container)).toHaveNoViolations();
  });

  it('shows the player error with Retry when the stream fails, and plays again after Retry', async () => {
    const user = userEvent.setup();
    const player = new FakeShakaPlayer();
    let down = true;
    player.loadBehaviour = () => {
      if (down) throw networkError();
    };
    const onError = vi.fn();
    renderThemed(<Player src={SRC} live title="Live" labels={labels} createPlayer={() => Promise.resolve(player)} onError={onError} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Oops! We are currently experiencing technical difficulties');
    expect(onError).toHaveBeenCalledOnce();
    down = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(player.loads.at(-1)).toEqual({ uri: SRC, startTime: undefined });
  });

  it('takes a renewed address of the same stream without a reload, and reloads for another stream', async () => {
    const player = new FakeShakaPlayer();
    const createPlayer = () => Promise.resolve(player);
    let show: (stream: { src: string; id: string }) => void = () => undefined;
    function Page() {
      const [stream, setStream] = useState({ src: SRC, id: 'event/7' });
      show = setStream;
      return <Player src={stream.src} streamId={stream.id} live={false} title="Replay" labels={labels} createPlayer={createPlayer} />;
    }
    renderThemed(<Page />);
    await waitFor(() => expect(player.loads).toHaveLength(1));
    act(() => show({ src: '/media/s/renewed/events/7/index.m3u8', id: 'event/7' }));
    const segment = new URL('/media/s/token/events/7/480p/seg-002.m4s', document.baseURI).href;
    expect(player.request(segment)).toBe(new URL('/media/s/renewed/events/7/480p/seg-002.m4s', document.baseURI).href);
    expect(player.loads).toHaveLength(1);
    act(() => show({ src: '/media/s/x/events/8/index.m3u8', id: 'event/8' }));
    await waitFor(() => expect(player.loads.at(-1)?.uri).toBe('/media/s/x/events/8/index.m3u8'));
  });

  it('recovers by itself when the browser comes back online', async () => {
    const player = new FakeShakaPlayer();
    renderThemed(<Player src={SRC} live={false} title="Replay" labels={labels} createPlayer={() => Promise.resolve(player)} />);
    await waitFor(() => expect(player.loads).toHaveLength(1));
    act(() => player.fail(1002));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(player.loads).toHaveLength(2);
  });

  it('destroys shaka on unmount', async () => {
    const player = new FakeShakaPlayer();
    const { unmount } = renderThemed(<Player src={SRC} live={false} title="Replay" labels={labels} createPlayer={() => Promise.resolve(player)} />);
    await waitFor(() => expect(player.loads).toHaveLength(1));
    unmount();
    expect(player.destroyed).toBe(true);
  });

  it('loads the real shaka build on demand and shows the error where the browser cannot play HLS', async () => {
    // jsdom has no MediaSource: shaka loads (the dynamic import works) and reports no support.
    const onError = vi.fn();
    renderThemed(<Player src={SRC} live={false} title="Replay" labels={labels} onError={onError} />);
    expect(await screen.findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent('Oops!');
    expect(onError.mock.calls[0]?.[0]).toBeInstanceOf(UnsupportedBrowserError);
  });

  it('puts the site\'s actions in the control bar with a handle on the playhead, the window and the live wall clock', async () => {
    const user = userEvent.setup();
    const player = new FakeShakaPlayer();
    player.live = true;
    player.range = { start: 40, end: 640 };
    player.presentationStart = new Date('2026-11-24T18:00:00Z');
    const seen: PlayerHandle[] = [];
    const onClip = vi.fn((handle: PlayerHandle) => ({ edge: handle.liveEdgeDate()?.toISOString(), window: handle.seekRange() }));
    const { container } = renderThemed(
      <Player
        src={SRC}
        live
        title="Live"
        labels={labels}
        createPlayer={() => Promise.resolve(player)}
        actions={(handle) => {
          seen.push(handle);
          return (
            <button type="button" onClick={() => onClip(handle)}>
              Clip
            </button>
          );
        }}
      />,
    );
    await waitFor(() => expect(player.loads).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Clip' }));
    expect(onClip.mock.results[0]?.value).toEqual({ edge: '2026-11-24T18:10:40.000Z', window: { start: 40, end: 640 } });
    const handle = seen.at(-1);
    expect(handle?.live).toBe(true);
    handle?.seek(10_000);
    expect(handle?.currentTime()).toBe(640);
    handle?.seek(100);
    expect(handle?.playheadDate()?.toISOString()).toBe('2026-11-24T18:01:40.000Z');
    // The player's own keys still work with the action in the bar.
    act(() => {
      container.querySelector('video')?.dispatchEvent(new Event('timeupdate'));
    });
    const region = screen.getByRole('region', { name: 'Live' });
    region.focus();
    await user.keyboard('{ArrowLeft}');
    expect(handle?.currentTime()).toBe(90);
    expect(await axe(container)).toHaveNoViolations();
  });

  it('hands its handle to a ref, and tells a subscriber when the playhead moves', async () => {
    const player = new FakeShakaPlayer();
    const ref: { current: PlayerHandle | null } = { current: null };
    const { container } = renderThemed(<Player ref={ref} src={SRC} live={false} title="Replay" labels={labels} createPlayer={() => Promise.resolve(player)} />);
    await waitFor(() => expect(player.loads).toHaveLength(1));
    const listener = vi.fn();
    const unsubscribe = ref.current?.subscribe(listener);
    container.querySelector('video')?.dispatchEvent(new Event('timeupdate'));
    expect(listener).toHaveBeenCalledOnce();
    unsubscribe?.();
    container.querySelector('video')?.dispatchEvent(new Event('timeupdate'));
    expect(listener).toHaveBeenCalledOnce();
    // On demand: no program date-time, no wall clock.
    expect(ref.current?.liveEdgeDate()).toBeNull();
  });
});
