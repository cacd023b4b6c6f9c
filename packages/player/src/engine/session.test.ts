import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeShakaPlayer, networkError } from '../test/fakePlayer.ts';
import { LOAD_INTERRUPTED } from './types.ts';
import { createPlaybackSession, type PlaybackSessionOptions, type PlaybackState } from './session.ts';

const SRC = '/media/s/token/events/7/index.m3u8';
const PREROLL = '/media/prerolls/sponsor.m3u8';

/** A video element whose playhead the test moves, firing the media events a browser would. */
function fakeVideo() {
  const video = document.createElement('video');
  let time = 0;
  Object.defineProperty(video, 'currentTime', { get: () => time, set: (t: number) => (time = t) });
  Object.defineProperty(video, 'duration', { get: () => 600 });
  video.play = vi.fn(() => Promise.resolve());
  const at = (t: number, ...events: string[]) => {
    time = t;
    for (const type of events) video.dispatchEvent(new Event(type));
  };
  return { video, at };
}

/** `presentsFrames`: the video tells when it presents a frame (requestVideoFrameCallback). */
function setUp(overrides: Partial<PlaybackSessionOptions> = {}, { presentsFrames = false } = {}) {
  const player = new FakeShakaPlayer();
  const { video, at } = fakeVideo();
  const frames: VideoFrameRequestCallback[] = [];
  if (presentsFrames) video.requestVideoFrameCallback = vi.fn((callback: VideoFrameRequestCallback) => frames.push(callback));
  /** The video puts a frame on screen at its current position. */
  const present = () => frames.shift()?.(0, { mediaTime: video.currentTime } as VideoFrameCallbackMetadata);
  const events = new EventTarget();
  const net = { online: true };
  const states: PlaybackState[] = [];
  let clock = 0;
  const options = {
    video,
    src: SRC,
    live: false,
    autoPlay: true,
    createPlayer: () => Promise.resolve(player),
    onChange: (s: PlaybackState) => states.push(s),
    onFirstFrame: vi.fn(),
    onViewingTime: vi.fn(),
    onError: vi.fn(),
    onEnded: vi.fn(),
    onPrerollEnded: vi.fn(),
    recovery: { events, isOnline: () => net.online, delaysMs: [5_000] },
    now: () => clock,
    ...overrides,
  } satisfies PlaybackSessionOptions;
  const session = createPlaybackSession(options);
  const last = () => states.at(-1);
  const tick = (ms: number) => {
    clock += ms;
    return vi.advanceTimersByTimeAsync(ms);
  };
  const goOffline = () => {
    net.online = false;
    events.dispatchEvent(new Event('offline'));
  };
  const goOnline = () => {
    net.online = true;
    events.dispatchEvent(new Event('online'));
  };
  return { player, video, at, session, options, last, tick, goOffline, goOnline, frames, present };
}

describe('createPlaybackSession', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('attaches shaka to the video, configures retries with backoff and loads the stream', async () => {
    const { player, video, last, tick } = setUp();
    await tick(0);
    expect(player.attached).toBe(video);
    expect(player.configs[0]).toMatchObject({
      manifest: { retryParameters: { backoffFactor: 2, maxAttempts: 4 } },
      streaming: { retryParameters: { backoffFactor: 2, maxAttempts: 4 } },
    });
    expect(player.loads).toEqual([{ uri: SRC, startTime: undefined }]);
    expect(video.autoplay).toBe(true);
    expect(last()).toMatchObject({ phase: 'main', failed: false });
  });

  it('plays the preroll first, then the event, and says the preroll ended', async () => {
    const { player, video, at, options, last, tick } = setUp({ prerollSrc: PREROLL });
    await tick(0);
    expect(player.loads.map((l) => l.uri)).toEqual([PREROLL]);
    expect(last()?.phase).toBe('preroll');
    at(15, 'ended');
    await tick(0);
    expect(options.onPrerollEnded).toHaveBeenCalledWith({ completed: true });
    expect(player.loads.map((l) => l.uri)).toEqual([PREROLL, SRC]);
    expect(last()?.phase).toBe('main');
    // The viewer already started the preroll: the event follows without another press.
    expect(video.play).toHaveBeenCalled();
  });

  it('passes over a preroll that cannot load, once', async () => {
    const player = new FakeShakaPlayer();
    player.loadBehaviour = (uri) => {
      if (uri === PREROLL) {
        player.fail(1001);
        throw networkError(1001);
      }
    };
    const { options, last, tick } = setUp({ prerollSrc: PREROLL, createPlayer: () => Promise.resolve(player) });
    await tick(0);
    expect(options.onPrerollEnded).toHaveBeenCalledExactlyOnceWith({ completed: false });
    expect(player.loads.map((l) => l.uri)).toEqual([PREROLL, SRC]);
    expect(last()).toMatchObject({ phase: 'main', failed: false });
    expect(options.onError).not.toHaveBeenCalled();
  });

  it('times the first frame from the load request to the first advancing time update', async () => {
    const { at, options, tick } = setUp();
    await tick(120);
    at(0, 'playing');
    await tick(200);
    at(0.25, 'timeupdate');
    at(0.5, 'timeupdate');
    expect(options.onFirstFrame).toHaveBeenCalledExactlyOnceWith({ ms: 320, preroll: false });
  });

  it('times the first frame by the frames the video presents: the first picture, once the playback starts', async () => {
    const { at, options, tick, frames, present } = setUp({}, { presentsFrames: true });
    await tick(120);
    // The browser shows the first picture as soon as it has it, and says `playing` a little later.
    present();
    expect(options.onFirstFrame).not.toHaveBeenCalled();
    await tick(40);
    at(0, 'playing');
    expect(options.onFirstFrame).toHaveBeenCalledExactlyOnceWith({ ms: 120, preroll: false });
    at(0.25, 'timeupdate');
    expect(options.onFirstFrame).toHaveBeenCalledOnce();
    // No more frames are asked for once the first one is known.
    present();
    expect(frames).toHaveLength(0);
  });

  it('times a first frame presented after `playing` when it is presented', async () => {
    const { at, options, tick, present } = setUp({}, { presentsFrames: true });
    await tick(150);
    at(0, 'playing');
    expect(options.onFirstFrame).not.toHaveBeenCalled();
    await tick(30);
    present();
    expect(options.onFirstFrame).toHaveBeenCalledExactlyOnceWith({ ms: 180, preroll: false });
  });

  it('takes no still shown while the browser refuses to autoplay for a first frame', async () => {
    const { at, video, options, tick, session, present } = setUp({}, { presentsFrames: true });
    vi.mocked(video.play).mockImplementation(() => Promise.reject(new DOMException('no gesture', 'NotAllowedError')));
    await tick(100);
    expect(video.play).toHaveBeenCalled();
    present();
    await tick(2_000);
    vi.mocked(video.play).mockImplementation(() => Promise.resolve());
    session.requestPlay();
    await tick(50);
    at(0, 'playing');
    expect(options.onFirstFrame).not.toHaveBeenCalled();
    await tick(40);
    present();
    expect(options.onFirstFrame).toHaveBeenCalledExactlyOnceWith({ ms: 2_190, preroll: false });
  });

  it('counts viewing time of the event only, and reports it on pause', async () => {
    const { at, options, tick } = setUp({ prerollSrc: PREROLL });
    await tick(0);
    at(0, 'playing');
    await tick(12_000);
    at(12, 'pause', 'ended');
    await tick(0);
    expect(options.onViewingTime).not.toHaveBeenCalled();
    at(0, 'playing');
    await tick(30_000);
    expect(options.onViewingTime).toHaveBeenLastCalledWith(30, { total: 30 });
    await tick(2_500);
    at(32.5, 'pause');
    expect(options.onViewingTime).toHaveBeenLastCalledWith(2.5, { total: 32.5 });
  });

  it('reports the partial beat when the page hides, and keeps counting', async () => {
    const { at, options, tick } = setUp();
    await tick(0);
    at(0, 'playing');
    await tick(7_000);
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
    expect(options.onViewingTime).toHaveBeenCalledExactlyOnceWith(7, { total: 7 });
    visibility.mockReturnValue('visible');
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
    await tick(23_000);
    expect(options.onViewingTime).toHaveBeenLastCalledWith(23, { total: 30 });
    visibility.mockRestore();
  });

  it('reports the viewer’s start, pause, seek and end of the event, not of the preroll', async () => {
    const onPlaybackEvent = vi.fn();
    const { at, video, tick } = setUp({ prerollSrc: PREROLL, onPlaybackEvent });
    await tick(0);
    at(0, 'playing');
    at(3, 'seeked', 'pause', 'ended');
    await tick(0);
    expect(onPlaybackEvent).not.toHaveBeenCalled();
    at(0, 'playing');
    at(10, 'pause');
    at(10, 'playing');
    await tick(2_000);
    at(300, 'seeked');
    let ended = false;
    Object.defineProperty(video, 'ended', { get: () => ended });
    ended = true;
    at(600, 'pause', 'ended');
    expect(onPlaybackEvent.mock.calls.map(([event]) => event)).toEqual(['start', 'pause', 'seek', 'end']);
  });

  it('reports the last viewing time when disposed (unmount) and destroys shaka', async () => {
    const { player, at, session, options, tick } = setUp();
    await tick(0);
    at(0, 'playing');
    await tick(4_000);
    session.dispose();
    expect(options.onViewingTime).toHaveBeenCalledExactlyOnceWith(4, { total: 4 });
    expect(player.destroyed).toBe(true);
  });

  it('shows the failure, then resumes an on-demand stream where the viewer was when the network returns', async () => {
    const { player, at, options, last, tick, goOffline, goOnline } = setUp();
    await tick(0);
    at(42, 'playing', 'timeupdate');
    goOffline();
    player.fail(1002);
    expect(last()?.failed).toBe(true);
    expect(options.onError).toHaveBeenCalledOnce();
    await tick(60_000);
    expect(player.loads).toHaveLength(1);
    goOnline();
    await tick(0);
    expect(player.loads.at(-1)).toEqual({ uri: SRC, startTime: 42 });
    expect(last()?.failed).toBe(false);
  });

  it('reloads a live stream at the live edge when the network returns', async () => {
    const { player, at, last, tick, goOffline, goOnline } = setUp({ live: true });
    await tick(0);
    at(300, 'playing', 'timeupdate');
    goOffline();
    player.fail(1002);
    goOnline();
    await tick(0);
    expect(player.loads.at(-1)).toEqual({ uri: SRC, startTime: undefined });
    expect(last()?.failed).toBe(false);
  });

  it('keeps retrying on its own while online, and the viewer can retry at once', async () => {
    const player = new FakeShakaPlayer();
    let down = true;
    player.loadBehaviour = () => {
      if (down) throw networkError();
    };
    const { session, options, last, tick } = setUp({ createPlayer: () => Promise.resolve(player) });
    await tick(0);
    expect(last()?.failed).toBe(true);
    await tick(5_000);
    expect(player.loads).toHaveLength(2);
    expect(last()?.failed).toBe(true);
    down = false;
    await session.retry();
    expect(player.loads).toHaveLength(3);
    expect(last()?.failed).toBe(false);
    expect(options.onError).toHaveBeenCalledOnce();
  });

  it('ignores recoverable errors and loads interrupted by a newer one', async () => {
    const { player, options, last, tick } = setUp();
    await tick(0);
    player.fail(1001, 1);
    player.fail(LOAD_INTERRUPTED);
    expect(last()?.failed).toBe(false);
    expect(options.onError).not.toHaveBeenCalled();
  });

  it('fails when shaka cannot be loaded, and recovers by making the player again', async () => {
    const player = new FakeShakaPlayer();
    const createPlayer = vi.fn().mockRejectedValueOnce(new Error('chunk failed')).mockResolvedValue(player);
    const { last, tick } = setUp({ createPlayer });
    await tick(0);
    expect(last()).toMatchObject({ phase: 'loading', failed: true });
    await tick(5_000);
    expect(createPlayer).toHaveBeenCalledTimes(2);
    expect(player.loads).toHaveLength(1);
    expect(last()).toMatchObject({ phase: 'main', failed: false });
  });

  it('plays a live stream close to its edge with the DVR window kept, and an on-demand one without catch-up', async () => {
    const live = setUp({ live: true });
    await live.tick(0);
    expect(live.player.configs[0]).toMatchObject({
      manifest: { availabilityWindowOverride: 600, hls: { liveSegmentsDelay: 2 } },
      streaming: { liveSync: { enabled: true, maxPlaybackRate: 1.1, dynamicTargetLatency: { enabled: true, maxLatency: 6 } }, returnToEndOfLiveWindowWhenOutside: true },
    });
    live.session.dispose();
    const vod = setUp();
    await vod.tick(0);
    expect(vod.player.configs[0]).not.toHaveProperty('streaming.liveSync');
    expect(vod.player.configs[0]).not.toHaveProperty('manifest.availabilityWindowOverride');
  });

  it('catches up with the live edge only while the viewer is there: a rewind plays at 1×, Back to live catches up again', async () => {
    const { player, at, session, tick } = setUp({ live: true });
    player.range = { start: 100, end: 700 };
    await tick(0);
    at(698, 'seeked', 'play', 'playing');
    expect(player.configs).toHaveLength(1);
    // The viewer rewinds a minute to see a play again.
    at(640, 'seeking', 'seeked');
    expect(player.configs.at(-1)).toEqual({ streaming: { liveSync: { enabled: false } } });
    // Paused and played again behind the edge: still at 1×, said once.
    at(640, 'pause', 'play', 'playing');
    expect(player.configs).toHaveLength(2);
    session.goToLive();
    at(700, 'seeked');
    expect(player.configs.at(-1)).toEqual({ streaming: { liveSync: { enabled: true } } });
    // A stall far longer than the catch-up should chase (the camera away): resumed at 1×, no loop of speeding up and stalling.
    player.range = { start: 130, end: 730 };
    at(701, 'waiting', 'playing');
    expect(player.configs.at(-1)).toEqual({ streaming: { liveSync: { enabled: false } } });
  });

  it('goes back to the live edge and offers the qualities of the stream', async () => {
    const { player, video, session, last, tick } = setUp({ live: true });
    player.range = { start: 100, end: 700 };
    player.tracks = [
      { id: 1, height: 720, bandwidth: 3_000_000, active: true },
      { id: 2, height: 360, bandwidth: 800_000, active: false },
      { id: 3, height: 720, bandwidth: 2_500_000, active: false },
    ];
    await tick(0);
    expect(last()?.qualities).toEqual([
      { id: 720, label: '720p' },
      { id: 360, label: '360p' },
    ]);
    expect(session.seekRange()).toEqual({ start: 100, end: 700 });
    video.currentTime = 400;
    session.goToLive();
    expect(video.currentTime).toBe(700);
    session.selectQuality(720);
    expect(player.selected?.id).toBe(1);
    expect(player.configs.at(-1)).toEqual({ abr: { enabled: false } });
    session.selectQuality('auto');
    expect(player.configs.at(-1)).toEqual({ abr: { enabled: true } });
    expect(last()?.quality).toBe('auto');
  });

  describe('a renewed stream address', () => {
    const RENEWED = '/media/s/renewed/events/7/index.m3u8';
    const abs = (path: string) => new URL(path, document.baseURI).href;

    it('reaches every later request of the stream, without a reload', async () => {
      const { player, session, tick } = setUp();
      await tick(0);
      session.renew(RENEWED);
      expect(player.loads).toHaveLength(1);
      // Segments resolved against the first playlist's address go to the renewed one.
      expect(player.request(abs('/media/s/token/events/7/480p/seg-004.m4s'))).toBe(abs('/media/s/renewed/events/7/480p/seg-004.m4s'));
      // A second renewal: addresses under either earlier token go to the newest.
      session.renew('/media/s/third/events/7/index.m3u8');
      expect(player.request(abs('/media/s/token/events/7/480p/seg-005.m4s'))).toBe(abs('/media/s/third/events/7/480p/seg-005.m4s'));
      expect(player.request(abs('/media/s/renewed/events/7/480p/index.m3u8'))).toBe(abs('/media/s/third/events/7/480p/index.m3u8'));
      // Anything else (the sponsor's preroll) is left alone.
      expect(player.request(abs(PREROLL))).toBe(abs(PREROLL));
    });

    it('is the one a recovery reloads', async () => {
      const { player, video, session, goOffline, goOnline, tick } = setUp();
      await tick(0);
      video.currentTime = 42;
      video.dispatchEvent(new Event('timeupdate'));
      session.renew(RENEWED);
      goOffline();
      player.fail(1002);
      goOnline();
      await tick(0);
      expect(player.loads.at(-1)).toEqual({ uri: RENEWED, startTime: 42 });
    });

    it('is tried at once when the stream has failed meanwhile', async () => {
      const { player, video, session, tick } = setUp();
      await tick(0);
      video.currentTime = 42;
      video.dispatchEvent(new Event('timeupdate'));
      player.loadBehaviour = (uri) => {
        if (uri === SRC) throw networkError(1001);
      };
      player.fail(1001);
      await tick(0);
      const loads = player.loads.length;
      session.renew(RENEWED);
      await tick(0);
      expect(player.loads.slice(loads)).toEqual([{ uri: RENEWED, startTime: 42 }]);
    });

    it('is loaded at once when it comes while a reload on the expired address is still retrying', async () => {
      // The network comes back after a cut longer than the address's life: the recovery reloads at
      // once on the old address, which shaka retries for seconds; the renewed address must not wait for it.
      const { player, video, session, last, goOffline, goOnline, tick } = setUp();
      await tick(0);
      video.currentTime = 42;
      video.dispatchEvent(new Event('timeupdate'));
      const pending: (() => void)[] = [];
      player.loadBehaviour = (uri) => {
        if (uri === SRC) return new Promise<void>((_resolve, reject) => pending.push(() => reject(networkError(1001))));
      };
      goOffline();
      player.fail(1001);
      await tick(0);
      goOnline();
      await tick(0);
      expect(player.loads.at(-1)).toEqual({ uri: SRC, startTime: 42 });
      session.renew(RENEWED);
      await tick(0);
      expect(player.loads.at(-1)).toEqual({ uri: RENEWED, startTime: 42 });
      expect(last()?.failed).toBe(false);
      // The old reload gives up later: nothing more happens.
      const loads = player.loads.length;
      pending[0]!();
      await tick(30_000);
      expect(player.loads).toHaveLength(loads);
      expect(last()?.failed).toBe(false);
    });

    it('is not held back by a reload still retrying: a recovery\'s reload asks for its playlist once', async () => {
      const { player, video, goOffline, goOnline, tick } = setUp();
      await tick(0);
      video.currentTime = 42;
      video.dispatchEvent(new Event('timeupdate'));
      expect(player.configs.at(-1)).not.toMatchObject({ manifest: { retryParameters: { maxAttempts: 1 } } });
      goOffline();
      player.fail(1001);
      await tick(0);
      goOnline();
      await tick(0);
      // The reload's playlist: one attempt (shaka loads one stream at a time, and retries would hold the next).
      expect(player.configs).toContainEqual({ manifest: { retryParameters: expect.objectContaining({ maxAttempts: 1 }) } });
      expect(player.loads.at(-1)).toEqual({ uri: SRC, startTime: 42 });
      // Playing again: the usual retries are back.
      expect(player.configs.at(-1)).toEqual({ manifest: { retryParameters: expect.objectContaining({ maxAttempts: 4 }) } });
    });

    it('of another stream loads it where the viewer was', async () => {
      const { player, video, session, tick } = setUp();
      await tick(0);
      video.currentTime = 12;
      session.renew('/media/s/other/vod/3/index.m3u8');
      await tick(0);
      expect(player.loads.at(-1)).toEqual({ uri: '/media/s/other/vod/3/index.m3u8', startTime: 12 });
    });
  });

  describe('on demand, in a browser that plays HLS itself', () => {
    const TRACKS = [
      { id: 0, height: 720, bandwidth: 2_800_000, active: false },
      { id: 1, height: 360, bandwidth: 800_000, active: false },
    ];
    function withNative(overrides: Partial<PlaybackSessionOptions> = {}) {
      const native = new FakeShakaPlayer();
      native.tracks = TRACKS.map((t) => ({ ...t }));
      const shaka = new FakeShakaPlayer();
      shaka.tracks = TRACKS.map((t, i) => ({ ...t, id: 10 + i }));
      const made: FakeShakaPlayer[] = [];
      const set = setUp({
        createNativePlayer: () => Promise.resolve((made.push(native), native)),
        createPlayer: () => Promise.resolve((made.push(shaka), shaka)),
        ...overrides,
      });
      return { ...set, native, shaka, made };
    }

    it('plays the preroll and the event with the browser\'s player, and shaka is never made', async () => {
      const { native, made, last, at, tick } = withNative({ prerollSrc: PREROLL });
      await tick(0);
      expect(native.loads).toEqual([{ uri: PREROLL, startTime: undefined }]);
      at(8, 'ended');
      await tick(0);
      expect(native.loads.at(-1)).toEqual({ uri: SRC, startTime: undefined });
      expect(made).toEqual([native]);
      expect(last()?.qualities).toEqual([
        { id: 720, label: '720p' },
        { id: 360, label: '360p' },
      ]);
    });

    it('hands over to shaka where the viewer was when a quality is chosen, and holds it', async () => {
      const { native, shaka, made, video, session, last, tick } = withNative();
      await tick(0);
      video.currentTime = 95;
      Object.defineProperty(video, 'paused', { get: () => false });
      session.selectQuality(360);
      await tick(0);
      expect(native.destroyed).toBe(true);
      expect(made).toEqual([native, shaka]);
      expect(shaka.attached).toBe(video);
      expect(shaka.loads).toEqual([{ uri: SRC, startTime: 95 }]);
      expect(video.play).toHaveBeenCalled();
      expect(shaka.selected?.id).toBe(11);
      expect(shaka.configs.at(-1)).toEqual({ abr: { enabled: false } });
      expect(last()).toMatchObject({ phase: 'main', quality: 360, failed: false });
      // From then on shaka is the player: Auto goes back to its own choice, without another switch.
      session.selectQuality('auto');
      expect(shaka.configs.at(-1)).toEqual({ abr: { enabled: true } });
      expect(made).toHaveLength(2);
    });

    it('recovers with the browser\'s player after a failure', async () => {
      const { native, made, video, goOffline, goOnline, last, tick } = withNative();
      await tick(0);
      video.currentTime = 30;
      video.dispatchEvent(new Event('timeupdate'));
      goOffline();
      native.fail(2);
      expect(last()?.failed).toBe(true);
      goOnline();
      await tick(0);
      expect(native.loads.at(-1)).toEqual({ uri: SRC, startTime: 30 });
      expect(made).toEqual([native]);
    });

    it('reloads the browser\'s player where the viewer was when its address is renewed: only shaka\'s requests can be rewritten', async () => {
      const { native, made, video, session, tick } = withNative();
      await tick(0);
      video.currentTime = 61;
      session.renew('/media/s/renewed/events/7/index.m3u8');
      await tick(0);
      expect(native.loads.at(-1)).toEqual({ uri: '/media/s/renewed/events/7/index.m3u8', startTime: 61 });
      expect(made).toEqual([native]);
    });

    it('leaves a live stream to shaka, for its clock', async () => {
      const { made, shaka } = withNative({ live: true });
      await vi.advanceTimersByTimeAsync(0);
      expect(made).toEqual([shaka]);
    });

    it('leaves it to shaka when told to', async () => {
      const { made, shaka } = withNative({ createNativePlayer: false });
      await vi.advanceTimersByTimeAsync(0);
      expect(made).toEqual([shaka]);
    });
  });

  it('a Play pressed before the stream is in starts it once it is', async () => {
    let loaded!: () => void;
    const { player, video, session, tick } = setUp({ autoPlay: false });
    player.load = vi.fn(() => new Promise<void>((resolve) => (loaded = resolve)));
    await tick(0);
    expect(video.autoplay).toBe(false);
    session.requestPlay();
    expect(video.play).toHaveBeenCalledTimes(1);
    // The element starts by itself once the stream is attached (which resets the early play()).
    expect(video.autoplay).toBe(true);
    loaded();
    await tick(0);
    expect(video.autoplay).toBe(true);
  });

  it('tells the site when the event ends', async () => {
    const { at, options, tick } = setUp();
    await tick(0);
    at(600, 'ended');
    expect(options.onEnded).toHaveBeenCalledOnce();
  });

  it('reads the wall clock of media times from the stream\'s program date-time, and none before it loads or without one', async () => {
    const { player, video, session, tick } = setUp({ live: true });
    player.range = { start: 100, end: 700 };
    player.presentationStart = new Date('2026-11-24T18:00:00Z');
    expect(session.dateAt(700)).toBeNull();
    await tick(0);
    video.currentTime = 650;
    // The live edge is 700 s after the first program date-time.
    expect(session.dateAt(700)?.toISOString()).toBe('2026-11-24T18:11:40.000Z');
    expect(session.dateAt(650)?.toISOString()).toBe('2026-11-24T18:10:50.000Z');
    player.presentationStart = null;
    expect(session.dateAt(700)).toBeNull();
  });
});
