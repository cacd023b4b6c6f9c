import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOAD_INTERRUPTED } from './types.ts';
import { createNativePlayer, NativePlaybackError, playsHlsNatively, variantsOf } from './native.ts';

const MASTER = [
  '#EXTM3U',
  '#EXT-X-VERSION:3',
  '#EXT-X-STREAM-INF:BANDWIDTH=2800000,AVERAGE-BANDWIDTH=2500000,RESOLUTION=1280x720,CODECS="avc1.64001f,mp4a.40.2"',
  '720p/index.m3u8',
  '#EXT-X-STREAM-INF:BANDWIDTH=800000,RESOLUTION=640x360,CODECS="avc1.4d401e,mp4a.40.2"',
  '360p/index.m3u8',
  '#EXT-X-STREAM-INF:BANDWIDTH=64000,CODECS="mp4a.40.2"',
  'audio/index.m3u8',
].join('\n');

/** A video element that fails the way the browser says, with the MediaError it would carry. */
function failWith(video: HTMLVideoElement, code: number) {
  Object.defineProperty(video, 'error', { configurable: true, get: () => ({ code, message: '' }) });
  video.dispatchEvent(new Event('error'));
}

async function attached(fetchText = vi.fn(() => Promise.resolve(MASTER))) {
  const video = document.createElement('video');
  const load = vi.spyOn(video, 'load').mockImplementation(() => undefined);
  const player = createNativePlayer(fetchText);
  await player.attach(video);
  return { video, player, fetchText, load };
}

describe('playsHlsNatively', () => {
  it('follows what the browser says it can play', () => {
    const video = document.createElement('video');
    video.canPlayType = vi.fn(() => 'maybe' as const);
    expect(playsHlsNatively(video)).toBe(true);
    video.canPlayType = vi.fn(() => '' as const);
    expect(playsHlsNatively(video)).toBe(false);
    expect(video.canPlayType).toHaveBeenCalledWith('application/vnd.apple.mpegurl');
  });
});

describe('variantsOf', () => {
  it('lists the video variants of a master playlist, and an audio-only one without a height', () => {
    expect(variantsOf(MASTER)).toEqual([
      { id: 0, height: 720, bandwidth: 2_800_000, active: false },
      { id: 1, height: 360, bandwidth: 800_000, active: false },
      { id: 2, height: null, bandwidth: 64_000, active: false },
    ]);
  });

  it('finds none in a media playlist or in anything else', () => {
    expect(variantsOf('#EXTM3U\n#EXTINF:4.0,\nsegment0.ts')).toEqual([]);
    expect(variantsOf('<html>not a playlist</html>')).toEqual([]);
  });
});

describe('createNativePlayer', () => {
  it('plays the stream in the element itself, then tells the qualities its playlist lists', async () => {
    const { video, player, fetchText } = await attached();
    const changed = vi.fn();
    player.addEventListener('trackschanged', changed);
    const loading = player.load('/media/vod/7/index.m3u8');
    expect(video.getAttribute('src')).toBe('/media/vod/7/index.m3u8');
    expect(fetchText).toHaveBeenCalledWith('/media/vod/7/index.m3u8');
    video.dispatchEvent(new Event('loadedmetadata'));
    await loading;
    await vi.waitFor(() => expect(changed).toHaveBeenCalledTimes(1));
    expect(player.getVariantTracks().map((t) => t.height)).toEqual([720, 360, null]);
    expect(player.getPlayheadTimeAsDate()).toBeNull();
  });

  it('does not wait for the playlist to play, and drops a playlist that comes after a newer load', async () => {
    let answer!: (text: string) => void;
    const first = new Promise<string>((resolve) => (answer = resolve));
    const { video, player } = await attached(vi.fn().mockReturnValueOnce(first).mockResolvedValue('#EXTM3U'));
    const changed = vi.fn();
    player.addEventListener('trackschanged', changed);
    const loading = player.load('/media/prerolls/sponsor.m3u8');
    video.dispatchEvent(new Event('loadedmetadata'));
    await loading;
    const next = player.load('/media/vod/7/index.m3u8');
    video.dispatchEvent(new Event('loadedmetadata'));
    await next;
    answer(MASTER);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(changed).not.toHaveBeenCalled();
    expect(player.getVariantTracks()).toEqual([]);
  });

  it('reads no qualities from a plain file, and does not fetch it', async () => {
    const { video, player, fetchText } = await attached();
    const loading = player.load('/media/clips/abc/clip.mp4');
    video.dispatchEvent(new Event('loadedmetadata'));
    await loading;
    expect(fetchText).not.toHaveBeenCalled();
    expect(player.getVariantTracks()).toEqual([]);
  });

  it('starts where it is asked to', async () => {
    const { video, player } = await attached();
    const loading = player.load('/media/vod/7/index.m3u8', 95);
    video.dispatchEvent(new Event('loadedmetadata'));
    await loading;
    expect(video.currentTime).toBe(95);
  });

  it('plays without qualities when the playlist cannot be read', async () => {
    const { video, player } = await attached(vi.fn(() => Promise.reject(new Error('offline'))));
    const loading = player.load('/media/vod/7/index.m3u8');
    video.dispatchEvent(new Event('loadedmetadata'));
    await loading;
    expect(player.getVariantTracks()).toEqual([]);
  });

  it('rejects a load that fails, with the media error, and fires no error event for it', async () => {
    const { video, player } = await attached();
    const onError = vi.fn();
    player.addEventListener('error', onError);
    const loading = player.load('/media/vod/7/index.m3u8');
    failWith(video, 4);
    await expect(loading).rejects.toMatchObject({ name: 'NativePlaybackError', code: 4, severity: 2, category: 3 });
    expect(onError).not.toHaveBeenCalled();
  });

  describe('a failure after the load', () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());

    async function playingAt(time: number) {
      const set = await attached();
      const { video, player } = set;
      const play = vi.spyOn(video, 'play').mockResolvedValue(undefined);
      const onError = vi.fn();
      player.addEventListener('error', onError);
      const loading = player.load('/media/vod/7/index.m3u8');
      video.dispatchEvent(new Event('loadedmetadata'));
      await loading;
      video.currentTime = time;
      video.dispatchEvent(new Event('play'));
      return { ...set, play, onError };
    }

    it('reloads the stream quietly where the viewer was, playing, after 1 s', async () => {
      const { video, play, onError } = await playingAt(95);
      video.removeAttribute('src');
      failWith(video, 2);
      await vi.advanceTimersByTimeAsync(999);
      expect(video.hasAttribute('src')).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(video.getAttribute('src')).toBe('/media/vod/7/index.m3u8');
      video.currentTime = 0;
      video.dispatchEvent(new Event('loadedmetadata'));
      expect(video.currentTime).toBe(95);
      expect(play).toHaveBeenCalled();
      expect(onError).not.toHaveBeenCalled();
    });

    it('stays paused when the viewer had paused', async () => {
      const { video, play } = await playingAt(40);
      video.dispatchEvent(new Event('pause'));
      failWith(video, 2);
      await vi.advanceTimersByTimeAsync(1_000);
      video.dispatchEvent(new Event('loadedmetadata'));
      expect(video.currentTime).toBe(40);
      expect(play).not.toHaveBeenCalled();
    });

    it('tells the failure once three reloads, 1, 2 and 4 s apart, have failed too, a network one by its category', async () => {
      const { video, onError, player } = await playingAt(30);
      failWith(video, 2);
      await vi.advanceTimersByTimeAsync(1_000);
      failWith(video, 2);
      await vi.advanceTimersByTimeAsync(2_000);
      failWith(video, 2);
      await vi.advanceTimersByTimeAsync(4_000);
      expect(onError).not.toHaveBeenCalled();
      failWith(video, 2);
      const detail = (onError.mock.calls[0]![0] as CustomEvent<NativePlaybackError>).detail;
      expect(detail).toBeInstanceOf(NativePlaybackError);
      expect(detail).toMatchObject({ code: 2, category: 1, severity: 2 });
      player.removeEventListener('error', onError);
      failWith(video, 2);
      expect(onError).toHaveBeenCalledTimes(1);
    });

    it('counts again from the first reload once the stream has played on past the failure, not before', async () => {
      const { video, onError } = await playingAt(30);
      for (const wait of [1_000, 2_000]) {
        failWith(video, 2);
        await vi.advanceTimersByTimeAsync(wait);
        // Each reload plays its cached frames at the same place, and stops again.
        video.currentTime = 30.5;
        video.dispatchEvent(new Event('timeupdate'));
      }
      failWith(video, 2);
      await vi.advanceTimersByTimeAsync(3_999);
      expect(video.hasAttribute('src')).toBe(true);
      video.removeAttribute('src');
      await vi.advanceTimersByTimeAsync(1);
      expect(video.getAttribute('src')).toBe('/media/vod/7/index.m3u8');
      // This reload plays on: a later failure is a new one.
      video.currentTime = 45;
      video.dispatchEvent(new Event('timeupdate'));
      failWith(video, 2);
      await vi.advanceTimersByTimeAsync(1_000);
      expect(video.getAttribute('src')).toBe('/media/vod/7/index.m3u8');
      expect(onError).not.toHaveBeenCalled();
    });

    it('drops a waiting reload when a newer stream loads or the player goes', async () => {
      const { video, player } = await playingAt(30);
      failWith(video, 2);
      const next = player.load('/media/vod/8/index.m3u8');
      video.dispatchEvent(new Event('loadedmetadata'));
      await next;
      await vi.advanceTimersByTimeAsync(1_000);
      expect(video.getAttribute('src')).toBe('/media/vod/8/index.m3u8');
      failWith(video, 2);
      await player.destroy();
      await vi.advanceTimersByTimeAsync(1_000);
      expect(video.hasAttribute('src')).toBe(false);
    });
  });

  it('interrupts a load with a newer one, as shaka does', async () => {
    const { video, player } = await attached();
    const first = player.load('/media/prerolls/sponsor.m3u8');
    const second = player.load('/media/vod/7/index.m3u8');
    await expect(first).rejects.toMatchObject({ code: LOAD_INTERRUPTED });
    video.dispatchEvent(new Event('loadedmetadata'));
    await second;
    expect(video.getAttribute('src')).toBe('/media/vod/7/index.m3u8');
  });

  it('lets go of the stream when destroyed, so another player can attach, and interrupts a load', async () => {
    const { video, player, load } = await attached();
    const loading = player.load('/media/vod/7/index.m3u8');
    await player.destroy();
    await expect(loading).rejects.toMatchObject({ code: LOAD_INTERRUPTED });
    expect(video.hasAttribute('src')).toBe(false);
    expect(load).toHaveBeenCalled();
  });
});
