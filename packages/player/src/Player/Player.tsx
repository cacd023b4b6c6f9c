import { Suspense, useCallback, useEffect, useEffectEvent, useImperativeHandle, useMemo, useRef, useState, type ReactNode, type Ref } from 'react';
import { createPlaybackSession, type FirstFrameInfo, type PlaybackCallbacks, type PlaybackSession, type PlaybackState, type QualityChoice } from '../engine/session.ts';
import type { CreatePlayer } from '../engine/types.ts';
import type { PlaybackEvent } from '../analytics/playbackEvents.ts';
import type { PlayerLabels } from '../labels.ts';
import { PlayerControls } from '../PlayerControls/PlayerControls.tsx';
import { clamp } from '../time.ts';
import { createPlayerHandle, type PlayerHandle } from './handle.ts';
import { useMediaState } from './useMediaState.ts';

export interface PlayerProps extends PlaybackCallbacks {
  /** The stream's HLS address (`EventDetail.stream.url`). */
  src: string;
  /**
   * What stream `src` addresses. A new `src` under the same `streamId` is the same stream's address
   * renewed (its short-lived token): taken without a reload. By default `src` itself, so any new
   * `src` is a new stream.
   */
  streamId?: string;
  live: boolean;
  title: string;
  labels: PlayerLabels;
  autoPlay?: boolean;
  poster?: string;
  /** A sponsor message played first, unseekable and unskippable; then `src`. */
  prerollSrc?: string;
  /**
   * Buttons of the site's in the control bar (e.g. Clip), given the player's handle. They may load
   * lazily: the slot waits for them without holding up the rest of the bar. Not shown during a
   * preroll or while the stream has failed.
   */
  actions?: (player: PlayerHandle) => ReactNode;
  /** The player's handle, for a part of the page outside the control bar. */
  ref?: Ref<PlayerHandle>;
  /** @internal Tests replace shaka with a fake. */
  createPlayer?: CreatePlayer;
}

const INITIAL: PlaybackState = { phase: 'loading', failed: false, qualities: [], quality: 'auto' };

/**
 * The video player: shaka-player (loaded on mount, in its own chunk) behind the product's own
 * controls. Remount with a `key` or change `src` to play something else.
 *
 * @example
 * <Player src={event.stream.url} live={event.stream.live} title={title} labels={labels}
 *   prerollSrc={preroll?.url} onPrerollEnded={rememberPreroll} onViewingTime={report} autoPlay />
 */
export function Player({ src, streamId = src, live, title, labels, autoPlay = false, poster, prerollSrc, createPlayer, actions, ref, ...callbacks }: PlayerProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const sessionRef = useRef<PlaybackSession | null>(null);
  const [playback, setPlayback] = useState<PlaybackState>(INITIAL);
  const [retrying, setRetrying] = useState(false);
  const [fullscreen, setFullscreen] = useState(false);

  const onFirstFrame = useEffectEvent((info: FirstFrameInfo) => callbacks.onFirstFrame?.(info));
  const onViewingTime = useEffectEvent((seconds: number, event: { total: number }) => callbacks.onViewingTime?.(seconds, event));
  const onPlaybackEvent = useEffectEvent((event: PlaybackEvent) => callbacks.onPlaybackEvent?.(event));
  const onError = useEffectEvent((error: unknown) => callbacks.onError?.(error));
  const onEnded = useEffectEvent(() => callbacks.onEnded?.());
  const onPrerollEnded = useEffectEvent((info: { completed: boolean }) => callbacks.onPrerollEnded?.(info));

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const session = createPlaybackSession({
      video,
      src,
      live,
      autoPlay,
      ...(prerollSrc ? { prerollSrc } : {}),
      ...(createPlayer ? { createPlayer } : {}),
      onChange: setPlayback,
      onFirstFrame,
      onViewingTime,
      onPlaybackEvent,
      onError,
      onEnded,
      onPrerollEnded,
    });
    sessionRef.current = session;
    return () => {
      session.dispose();
      sessionRef.current = null;
      setPlayback(INITIAL);
    };
    // autoPlay is read once per stream, and `src` is taken as it is when the stream starts: toggling
    // the one or renewing the other (the effect below) must not reload the stream.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [streamId, live, prerollSrc, createPlayer]);

  useEffect(() => sessionRef.current?.renew(src), [src]);

  useEffect(() => {
    const onChange = () => setFullscreen(document.fullscreenElement === rootRef.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  const seekRange = useCallback(() => sessionRef.current?.seekRange() ?? { start: 0, end: 0 }, []);
  const media = useMediaState(videoRef, seekRange);
  // The handle's functions read the refs when called (from actions' handlers and effects), never
  // during render, so what they return is never stale.
  // eslint-disable-next-line react-hooks/refs
  const handle = useMemo(() => createPlayerHandle({ live, video: () => videoRef.current, session: () => sessionRef.current }), [live]);
  useImperativeHandle(ref, () => handle, [handle]);
  const video = () => videoRef.current;

  const retry = () => {
    const session = sessionRef.current;
    if (!session) return;
    setRetrying(true);
    void session.retry().finally(() => setRetrying(false));
  };

  return (
    <PlayerControls
      ref={rootRef}
      title={title}
      labels={labels}
      live={live}
      preroll={playback.phase === 'preroll'}
      playing={media.playing}
      currentTime={media.currentTime}
      seekRange={media.seekRange}
      bufferedEnd={media.bufferedEnd}
      volume={media.volume}
      muted={media.muted}
      fullscreen={fullscreen}
      waiting={playback.phase === 'loading' || media.waiting}
      failed={playback.failed}
      retrying={retrying}
      qualities={playback.qualities}
      quality={playback.quality}
      onPlay={() => {
        if (sessionRef.current) sessionRef.current.requestPlay();
        else void video()?.play()?.catch(() => undefined);
      }}
      onPause={() => video()?.pause()}
      onSeek={(time) => {
        const v = video();
        if (v) v.currentTime = time;
      }}
      onVolumeChange={(volume) => {
        const v = video();
        if (!v) return;
        v.volume = clamp(volume, 0, 1);
        v.muted = volume === 0;
      }}
      onToggleMute={() => {
        const v = video();
        if (v) v.muted = !v.muted;
      }}
      onToggleFullscreen={() => {
        const root = rootRef.current;
        if (!root) return;
        if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
        else void root.requestFullscreen?.().catch(() => undefined);
      }}
      onGoLive={() => sessionRef.current?.goToLive()}
      onRetry={retry}
      onQualityChange={(choice: QualityChoice) => sessionRef.current?.selectQuality(choice)}
      actions={actions ? <Suspense fallback={null}>{actions(handle)}</Suspense> : undefined}
    >
      <video ref={videoRef} poster={poster} playsInline aria-hidden="true" />
    </PlayerControls>
  );
}
