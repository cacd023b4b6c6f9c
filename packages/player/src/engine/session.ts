import { createFirstFrameTimer } from '../analytics/firstFrame.ts';
import { createPlaybackEventTracker, type PlaybackEvent } from '../analytics/playbackEvents.ts';
import { createViewingTimeTracker } from '../analytics/viewingTime.ts';
import { isBehindLiveEdge, type TimeRange } from '../time.ts';
import { liveSyncFor, manifestRetries, playerConfiguration } from './config.ts';
import { createShakaPlayer } from './loadShaka.ts';
import { createNativePlayer, needsNativeHls } from './native.ts';
import { createAddressRenewal } from './renewal.ts';
import { createRecovery, type RecoveryOptions } from './recovery.ts';
import { isShakaError, LOAD_INTERRUPTED, SEVERITY_CRITICAL, type CreatePlayer, type ShakaPlayerLike, type VariantTrackLike } from './types.ts';

/** What plays: nothing yet, the sponsor's preroll, or the event itself. */
export type PlaybackPhase = 'loading' | 'preroll' | 'main';

/** One quality the viewer can pick; `id` is the picture height. */
export interface QualityOption {
  id: number;
  label: string;
}

export type QualityChoice = 'auto' | number;

export interface PlaybackState {
  phase: PlaybackPhase;
  /** The stream failed and is being recovered; the viewer sees the error with Retry. */
  failed: boolean;
  qualities: QualityOption[];
  quality: QualityChoice;
}

export interface FirstFrameInfo {
  /** Milliseconds from the load request to the first advancing frame. */
  ms: number;
  /** Whether that first frame was the preroll's (the viewer's wait either way). */
  preroll: boolean;
}

/** What a playback tells its owner: the Player takes them as props and hands them to its session. */
export interface PlaybackCallbacks {
  /** Time to first frame, once per mount (or per new `src`). */
  onFirstFrame?: (info: FirstFrameInfo) => void;
  /** Seconds of the event actually played: a 30 s beat while playing, and the partial beat on pause, end, unmount and when the page hides. */
  onViewingTime?: (seconds: number, event: { total: number }) => void;
  /** The viewer's start, pause, seek and end of the event's stream, not the preroll's (spec §7 video events). */
  onPlaybackEvent?: (event: PlaybackEvent) => void;
  /** The stream failed (the player shows the error and keeps trying to recover). */
  onError?: (error: unknown) => void;
  onEnded?: () => void;
  /** The preroll is over: `completed` false when it could not play and was passed over. */
  onPrerollEnded?: (info: { completed: boolean }) => void;
}

export interface PlaybackSessionOptions extends PlaybackCallbacks {
  video: HTMLVideoElement;
  src: string;
  live: boolean;
  prerollSrc?: string;
  autoPlay: boolean;
  onChange: (state: PlaybackState) => void;
  /** shaka by default; tests pass a fake. */
  createPlayer?: CreatePlayer;
  /**
   * The browser's own HLS player, for an on-demand stream where the browser plays HLS; by default
   * only with the default `createPlayer` (a fake shaka stays the only player). `false`: shaka always.
   */
  createNativePlayer?: CreatePlayer | false;
  recovery?: Pick<RecoveryOptions, 'events' | 'isOnline' | 'delaysMs'>;
  now?: () => number;
}

export interface PlaybackSession {
  /** The viewer pressed Retry. */
  retry(): Promise<void>;
  /** The viewer pressed Play, perhaps before the stream is in. */
  requestPlay(): void;
  /**
   * A new address of the same stream (its short-lived token renewed): the requests still to come
   * go to it, without a reload where shaka plays.
   */
  renew(src: string): void;
  /** Jumps to the live edge. */
  goToLive(): void;
  /** The seekable window: the DVR window when live, the whole recording otherwise. */
  seekRange(): TimeRange;
  /**
   * The wall-clock instant of a media time, from the stream's program date-time (live streams carry
   * `EXT-X-PROGRAM-DATE-TIME`); null before the stream has loaded or when it carries none.
   */
  dateAt(time: number): Date | null;
  selectQuality(choice: QualityChoice): void;
  dispose(): void;
}

function qualitiesOf(tracks: VariantTrackLike[]): QualityOption[] {
  const heights = [...new Set(tracks.map((t) => t.height).filter((h): h is number => typeof h === 'number' && h > 0))];
  return heights.sort((a, b) => b - a).map((h) => ({ id: h, label: `${h}p` }));
}

/**
 * One viewing of one stream: loads shaka, plays the preroll then the event, measures the first
 * frame and the time watched, and recovers from failures. Framework-free, so the React component is
 * a thin view over it and tests drive it with a fake shaka player.
 */
export function createPlaybackSession(options: PlaybackSessionOptions): PlaybackSession {
  const { video, live, prerollSrc, autoPlay, onChange, createPlayer = createShakaPlayer, now } = options;
  /** The stream's address: a renewal replaces it, and every later load and request uses the new one. */
  let src = options.src;
  const addresses = createAddressRenewal(src, video.ownerDocument.baseURI);
  // On demand, the browser's own HLS where only it can play (needsNativeHls). Live streams keep
  // shaka for its clock mapping (program date-time), which clips of a live game are cut by.
  let createNative: CreatePlayer | undefined;
  if (!live && options.createNativePlayer !== false) {
    if (options.createNativePlayer) createNative = options.createNativePlayer;
    // A fake shaka given without a native player stays the only player (tests, stories).
    else if (!options.createPlayer && needsNativeHls(video)) createNative = () => Promise.resolve(createNativePlayer());
  }
  let state: PlaybackState = { phase: 'loading', failed: false, qualities: [], quality: 'auto' };
  let player: ShakaPlayerLike | undefined;
  /** The player is the browser's own, which fetches the stream by itself (no request filters). */
  let playerIsNative = false;
  let playerPromise: Promise<ShakaPlayerLike> | undefined;
  let disposed = false;
  /** Where an on-demand viewer was, to resume there after a failure. */
  let lastPosition: number | undefined;
  let prerollOver = !prerollSrc;
  /** The event's stream has loaded: shaka's clock mapping describes it (not the preroll, not nothing). */
  let mainLoaded = false;

  const set = (patch: Partial<PlaybackState>) => {
    if (disposed) return;
    state = { ...state, ...patch };
    onChange(state);
  };
  const firstFrame = createFirstFrameTimer(now);
  const viewing = createViewingTimeTracker({ onReport: ({ seconds, total }) => options.onViewingTime?.(seconds, { total }), ...(now ? { now } : {}) });
  const playback = createPlaybackEventTracker((event) => options.onPlaybackEvent?.(event), now);

  const play = () => {
    video.play()?.catch(() => {
      // Autoplay refused by the browser: the controls show Play and the viewer starts it; the
      // picture shown until then is a still, not the first frame of a playback.
      firstFrame.refused();
    });
  };

  const onShakaError = (event: Event) => {
    const error = (event as CustomEvent<unknown>).detail;
    if (isShakaError(error) && error.severity !== SEVERITY_CRITICAL) return;
    fail(error);
  };

  const ensurePlayer = (): Promise<ShakaPlayerLike> => {
    playerPromise ??= (async () => {
      const native = createNative !== undefined;
      const made = await (createNative ?? createPlayer)();
      if (disposed) {
        void made.destroy();
        throw new Error('disposed');
      }
      playerIsNative = native;
      await made.attach(video);
      made.configure(playerConfiguration({ live }));
      // Every request of the stream goes to its current address, whichever address shaka read it from.
      made.getNetworkingEngine?.()?.registerRequestFilter((_type, request) => {
        request.uris = request.uris.map(addresses.current);
      });
      made.addEventListener('error', onShakaError);
      made.addEventListener('trackschanged', refreshQualities);
      player = made;
      return made;
    })();
    playerPromise.catch(() => {
      playerPromise = undefined;
    });
    return playerPromise;
  };

  /** Lets a player go: the session hears no more of it. */
  const release = (made: ShakaPlayerLike) => {
    made.removeEventListener('error', onShakaError);
    made.removeEventListener('trackschanged', refreshQualities);
    return made.destroy();
  };

  function refreshQualities() {
    if (!player || state.phase !== 'main') return;
    set({ qualities: qualitiesOf(player.getVariantTracks()) });
  }

  /** Whether shaka's live catch-up is on: it starts on (a live viewer starts at the edge). */
  let liveSyncOn = true;
  const setLiveSync = (p: ShakaPlayerLike, on: boolean) => {
    if (on === liveSyncOn) return;
    liveSyncOn = on;
    p.configure(liveSyncFor(on));
  };

  const loadMain = async (startTime: number | undefined, thenPlay: boolean) => {
    const p = await ensurePlayer();
    set({ phase: 'main', qualities: [] });
    mainLoaded = false;
    // A live stream loaded at its default start is at the edge, whatever the viewer did before.
    if (live && startTime === undefined) setLiveSync(p, true);
    await p.load(src, startTime);
    mainLoaded = true;
    refreshQualities();
    if (thenPlay) play();
  };

  /**
   * The viewer chose a quality the browser's own player cannot hold: shaka takes over where the
   * viewer was (playing or paused), and holds that quality from then on.
   */
  const switchToShaka = async (choice: number) => {
    const native = player;
    if (!native || state.phase !== 'main') return;
    const at = video.currentTime;
    const playing = !video.paused;
    createNative = undefined;
    player = undefined;
    playerPromise = undefined;
    await release(native);
    await loadMain(at, playing);
    if (disposed) return;
    selectTrack(choice);
  };

  const selectTrack = (choice: QualityChoice) => {
    if (!player) return;
    if (choice === 'auto') {
      player.configure({ abr: { enabled: true } });
    } else {
      const best = player
        .getVariantTracks()
        .filter((t) => t.height === choice)
        .sort((a, b) => b.bandwidth - a.bandwidth)[0];
      if (!best) return;
      player.configure({ abr: { enabled: false } });
      player.selectVariantTrack(best, true);
    }
    set({ quality: choice });
  };

  const recovery = createRecovery({
    ...options.recovery,
    // Live resumes at the live edge (the default start); on-demand where the viewer was. One try
    // per reload (the recovery's backoff paces them), so a renewed address is loaded at once.
    reload: async () => {
      const p = await ensurePlayer();
      p.configure(manifestRetries(true));
      await loadMain(live ? undefined : lastPosition, true);
    },
    onRecovered: () => {
      player?.configure(manifestRetries(false));
      set({ failed: false });
    },
  });

  function fail(error: unknown) {
    if (disposed || (isShakaError(error) && error.code === LOAD_INTERRUPTED)) return;
    // A sponsor message that cannot play must not keep the viewer from the event.
    if (!prerollOver && player) return finishPreroll(false);
    viewing.stop();
    if (!recovery.isFailed) {
      set({ failed: true });
      options.onError?.(error);
    }
    recovery.failed();
  }

  let firstFrameSeen = false;
  const reportFirstFrame = (ms: number | undefined) => {
    if (ms === undefined) return;
    firstFrameSeen = true;
    options.onFirstFrame?.({ ms, preroll: state.phase === 'preroll' });
  };
  /**
   * The frames the video presents, where the browser tells (requestVideoFrameCallback): the moment
   * the viewer sees one, where `timeupdate` comes every 250 ms at most. Watched from the load
   * request, since the browser shows the first picture as soon as it has it, before `playing`.
   */
  const watchFrames = () => {
    if (typeof video.requestVideoFrameCallback !== 'function') return;
    const onFrame: VideoFrameRequestCallback = () => {
      if (disposed) return;
      reportFirstFrame(firstFrame.presented());
      if (!firstFrameSeen) video.requestVideoFrameCallback(onFrame);
    };
    video.requestVideoFrameCallback(onFrame);
  };
  const onPlaying = () => {
    reportFirstFrame(firstFrame.playing(video.currentTime));
    if (state.phase === 'main') {
      viewing.play();
      playback.playing();
    }
  };
  const onTimeUpdate = () => {
    if (!firstFrameSeen) reportFirstFrame(firstFrame.timeUpdate(video.currentTime));
    if (state.phase === 'main' && !recovery.isFailed && video.currentTime > 0) lastPosition = video.currentTime;
  };
  const onStopped = () => viewing.stop();
  const onPause = () => {
    viewing.stop();
    if (state.phase === 'main') playback.paused(video.ended);
  };
  /**
   * A viewer who rewinds (or paused and resumes behind the edge) watches at 1×: shaka's catch-up
   * would otherwise play their replay faster until they were back at the edge. Back at the edge
   * (Back to live, a seek to the end), it is on again.
   */
  const followEdge = () => {
    if (!live || !player || playerIsNative || !mainLoaded || state.phase !== 'main') return;
    setLiveSync(player, !isBehindLiveEdge(video.currentTime, player.seekRange()));
  };
  const onSeeked = () => {
    if (state.phase === 'main') playback.seeked();
    followEdge();
  };
  // The page hides (another tab, the phone locked, the site closed): the partial beat is reported
  // now, from the document's listener, before the analytics client's on the window sends it.
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') viewing.flush();
  };
  /** Once per session, whether the preroll ended, failed to load or failed while playing. */
  function finishPreroll(completed: boolean) {
    if (prerollOver) return;
    prerollOver = true;
    options.onPrerollEnded?.({ completed });
    void loadMain(undefined, true).catch(fail);
  }

  const onEnded = () => {
    viewing.stop();
    if (state.phase === 'preroll') {
      finishPreroll(true);
    } else if (state.phase === 'main') {
      playback.ended();
      options.onEnded?.();
    }
  };
  const mediaListeners: [string, () => void][] = [
    ['playing', onPlaying],
    ['timeupdate', onTimeUpdate],
    ['pause', onPause],
    ['seeked', onSeeked],
    // Resumed behind the edge: after a pause, or a stall longer than the catch-up should chase.
    ['play', followEdge],
    ['playing', followEdge],
    ['waiting', onStopped],
    ['ended', onEnded],
  ];
  for (const [type, listener] of mediaListeners) video.addEventListener(type, listener);
  video.ownerDocument.addEventListener('visibilitychange', onVisibility);

  const start = async () => {
    firstFrame.start();
    watchFrames();
    // The element starts by itself once it can (autoplay); told to play as well once the stream is
    // in, because only a refused play() says the browser will not start it without the viewer.
    video.autoplay = autoPlay;
    if (!prerollSrc) return loadMain(undefined, autoPlay);
    const p = await ensurePlayer();
    set({ phase: 'preroll' });
    try {
      await p.load(prerollSrc);
      if (autoPlay && !disposed) play();
    } catch (error) {
      if (!disposed && !(isShakaError(error) && error.code === LOAD_INTERRUPTED)) finishPreroll(false);
    }
  };
  void start().catch(fail);

  return {
    retry: () => recovery.retryNow(),
    requestPlay() {
      // A press before the stream is in must not be lost: attaching the stream resets a play()
      // made before it, so the element is also told to start by itself once it can.
      video.autoplay = true;
      play();
    },
    renew(next) {
      if (disposed || next === src) return;
      src = next;
      // A stream that failed meanwhile may have failed for its address's lifetime (a long network
      // cut outlasts it): try the new address at once rather than at the next backoff, and rather
      // than after a reload on the old address that the network's return started: shaka retries a
      // refused playlist on its backoff (1, 2, 4 s) before giving up, seconds the viewer waited.
      if (recovery.isFailed) {
        addresses.renew(next);
        void recovery.restart();
        return;
      }
      if (addresses.renew(next)) {
        // The browser's own player fetches by itself: only a reload where the viewer was reaches it.
        if (player && playerIsNative && state.phase === 'main' && mainLoaded) {
          const at = video.currentTime;
          const playing = !video.paused;
          void loadMain(at, playing).catch(fail);
        }
        return;
      }
      // Not the same stream under a new token: play the new address from where the viewer was.
      if (state.phase === 'main') void loadMain(live ? undefined : video.currentTime, !video.paused).catch(fail);
    },
    goToLive() {
      if (player && live) video.currentTime = player.seekRange().end;
    },
    seekRange() {
      if (player && live && state.phase === 'main') return player.seekRange();
      return { start: 0, end: Number.isFinite(video.duration) ? video.duration : 0 };
    },
    dateAt(time) {
      if (!player || !mainLoaded || state.phase !== 'main' || !Number.isFinite(time)) return null;
      // The playhead's date is read from the program date-time of the segment it is in, so it stays
      // exact where the stream's clock and its media time drift apart; other times are offsets from it.
      const playhead = player.getPlayheadTimeAsDate();
      if (playhead && Number.isFinite(playhead.getTime())) return new Date(playhead.getTime() + (time - video.currentTime) * 1000);
      const start = player.getPresentationStartTimeAsDate();
      return start && Number.isFinite(start.getTime()) ? new Date(start.getTime() + time * 1000) : null;
    },
    selectQuality(choice) {
      if (!player) return;
      if (createNative && choice !== 'auto') {
        void switchToShaka(choice).catch(fail);
        return;
      }
      selectTrack(choice);
    },
    dispose() {
      if (disposed) return;
      viewing.dispose();
      disposed = true;
      recovery.dispose();
      for (const [type, listener] of mediaListeners) video.removeEventListener(type, listener);
      video.ownerDocument.removeEventListener('visibilitychange', onVisibility);
      if (player) {
        void release(player);
      } else {
        void playerPromise?.then((p) => p.destroy(), () => undefined);
      }
    },
  };
}
