import { LOAD_INTERRUPTED, SEVERITY_CRITICAL, type ShakaErrorLike, type ShakaPlayerLike, type VariantTrackLike } from './types.ts';

const HLS_TYPE = 'application/vnd.apple.mpegurl';
const HLS_PATH = /\.m3u8(?:[?#]|$)/;
/** The quiet reloads after a failure mid-stream, as shaka's request retries (config.ts). */
const RETRY_DELAYS_MS = [1_000, 2_000, 4_000];
/** How far past a failure the stream must play for it to count as recovered. */
const PROGRESS_SECONDS = 1;

/**
 * Whether the browser plays HLS by itself (Safari, Chrome on Android, and recent desktop Chrome):
 * `canPlayType` answers "maybe" or "probably" there, and "" where only MediaSource (shaka) can.
 */
export function playsHlsNatively(video: HTMLMediaElement = document.createElement('video')): boolean {
  return video.canPlayType(HLS_TYPE) !== '';
}

/**
 * Whether only the browser's own player can play an on-demand stream here: it plays HLS and has no
 * MediaSource for shaka (an iPhone before iOS 17.1). Everywhere else shaka plays, because a stream
 * address is short-lived and its renewal must reach the segment requests of a playlist loaded
 * once: shaka's request filter rewrites them in place (session.ts), where the browser's own player
 * fetches by itself and could only be reloaded, a visible hiccup at every renewal.
 */
export function needsNativeHls(video: HTMLMediaElement = document.createElement('video')): boolean {
  const view = video.ownerDocument.defaultView as { MediaSource?: unknown; ManagedMediaSource?: unknown } | null;
  const hasMediaSource = view !== null && (typeof view.MediaSource === 'function' || typeof view.ManagedMediaSource === 'function');
  return !hasMediaSource && playsHlsNatively(video);
}

/** MediaError's codes: 1 aborted, 2 network, 3 decode, 4 source not supported. */
export class NativePlaybackError extends Error implements ShakaErrorLike {
  override name = 'NativePlaybackError';
  readonly severity = SEVERITY_CRITICAL;
  /** shaka's categories: 1 network, 3 media; the code is the MediaError's own. */
  readonly category: number;
  readonly code: number;
  constructor(code: number, message: string) {
    super(message);
    this.code = code;
    this.category = code === 2 ? 1 : 3;
  }
}

const interrupted = (): ShakaErrorLike => ({ severity: SEVERITY_CRITICAL, category: 7, code: LOAD_INTERRUPTED });

/** The variants a master playlist lists (`#EXT-X-STREAM-INF` with `RESOLUTION` and `BANDWIDTH`). */
export function variantsOf(playlist: string): VariantTrackLike[] {
  const tracks: VariantTrackLike[] = [];
  for (const line of playlist.split(/\r?\n/)) {
    if (!line.startsWith('#EXT-X-STREAM-INF:')) continue;
    const bandwidth = Number(/(?:^|[:,])BANDWIDTH=(\d+)/.exec(line)?.[1]);
    const height = Number(/(?:^|[:,])RESOLUTION=\d+x(\d+)/.exec(line)?.[1]);
    if (!Number.isFinite(bandwidth)) continue;
    tracks.push({ id: tracks.length, height: Number.isFinite(height) && height > 0 ? height : null, bandwidth, active: false });
  }
  return tracks;
}

/**
 * The browser's own HLS playback behind the interface the session drives shaka through. Where the
 * browser plays HLS, an on-demand stream needs none of shaka's code: no download, no evaluation
 * (a long task on a phone), no MediaSource set-up before the first frame. What it cannot do is
 * pick a variant: it lists the stream's qualities, and the session hands over to shaka when the
 * viewer chooses one. It has no clock mapping either, which only live streams need.
 *
 * @param fetchText reads the master playlist for its qualities (the browser's fetch by default).
 */
export function createNativePlayer(fetchText: (uri: string) => Promise<string> = defaultFetchText): ShakaPlayerLike {
  const events = new EventTarget();
  let video: HTMLMediaElement | undefined;
  let tracks: VariantTrackLike[] = [];
  /** Counts loads, so a late playlist is not taken for a newer stream's. */
  let loads = 0;
  /** The load under way: a newer one (or destroy) interrupts it. */
  let pending: { reject: (reason: unknown) => void } | undefined;

  const errorOf = (media: HTMLMediaElement) => {
    const code = media.error?.code ?? 0;
    return new NativePlaybackError(code, media.error?.message || `The stream could not play (media error ${code})`);
  };
  /** The stream last loaded, for the quiet reloads after a failure. */
  let source: string | undefined;
  let retries = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let resumeFrom = { at: 0, play: false };
  /** The viewer's intent: playing, unless they paused (a failure stops the element too). */
  let wantsPlay = false;
  const onPlay = () => {
    wantsPlay = true;
  };
  const onPause = () => {
    if (!video?.error) wantsPlay = false;
  };
  // A reload plays what the browser has cached and stops again where the network is missing: the
  // count starts again only once the stream has played on past where it failed.
  const onTimeUpdate = () => {
    if (retries > 0 && video && video.currentTime > resumeFrom.at + PROGRESS_SECONDS) retries = 0;
  };

  // After a load, a failure is shaka's `error` event; during one, the load's rejection alone. The
  // browser stops at the first request that fails, where shaka retries it (config.ts: 1 s, 2 s,
  // 4 s): the stream is reloaded where it was as many times before the failure is told, so a short
  // cut shows the viewer a wait, not an error.
  const onError = () => {
    const media = video;
    if (!media || pending) return;
    const delay = RETRY_DELAYS_MS[retries];
    if (delay === undefined || source === undefined) {
      events.dispatchEvent(new CustomEvent('error', { detail: errorOf(media) }));
      return;
    }
    // Where the viewer was and whether they were playing, read at the first failure: a failed
    // reload has no position of its own.
    if (retries === 0) resumeFrom = { at: media.currentTime, play: wantsPlay };
    retries += 1;
    const uri = source;
    const { at, play } = resumeFrom;
    retryTimer = setTimeout(() => {
      stopRetry();
      if (video !== media) return;
      retryLoaded = () => {
        stopRetry();
        media.currentTime = at;
        if (play) media.play().catch(() => undefined);
      };
      media.addEventListener('loadedmetadata', retryLoaded);
      media.src = uri;
    }, delay);
  };
  let retryLoaded: (() => void) | undefined;
  /** Ends a quiet reload under way or waiting: a newer load, destroy, or the reload's own end. */
  function stopRetry() {
    clearTimeout(retryTimer);
    if (retryLoaded) video?.removeEventListener('loadedmetadata', retryLoaded);
    retryLoaded = undefined;
  }

  const interrupt = () => {
    pending?.reject(interrupted());
    pending = undefined;
    stopRetry();
  };

  const mediaListeners: [string, () => void][] = [
    ['error', onError],
    ['play', onPlay],
    ['pause', onPause],
    ['timeupdate', onTimeUpdate],
  ];

  return {
    attach(media) {
      video = media;
      wantsPlay = !media.paused;
      for (const [type, listener] of mediaListeners) media.addEventListener(type, listener);
      return Promise.resolve();
    },
    configure: () => true,
    async load(uri, startTime) {
      const media = video;
      if (!media) throw new Error('attach() comes before load()');
      interrupt();
      tracks = [];
      const loaded = new Promise<void>((resolve, reject) => {
        const done = () => {
          media.removeEventListener('loadedmetadata', onLoaded);
          media.removeEventListener('error', onFailed);
          if (pending === current) pending = undefined;
        };
        const onLoaded = () => {
          done();
          if (startTime !== undefined && Number.isFinite(startTime)) media.currentTime = startTime;
          resolve();
        };
        const onFailed = () => {
          done();
          reject(errorOf(media));
        };
        const current = {
          reject: (reason: unknown) => {
            done();
            reject(reason);
          },
        };
        pending = current;
        media.addEventListener('loadedmetadata', onLoaded);
        media.addEventListener('error', onFailed);
      });
      // The playlist's qualities, read alongside: the stream plays whether or not they are known. A
      // plain file (an MP4) has none, and is not fetched twice.
      const listed = HLS_PATH.test(uri) ? fetchText(uri).then(variantsOf, () => []) : Promise.resolve([]);
      const load = ++loads;
      source = uri;
      retries = 0;
      media.src = uri;
      await loaded;
      // Told as shaka tells a new variant list, and never held against the load itself.
      void listed.then((found) => {
        if (load !== loads || found.length === 0) return;
        tracks = found;
        events.dispatchEvent(new Event('trackschanged'));
      });
    },
    destroy() {
      interrupt();
      loads += 1;
      if (video) {
        for (const [type, listener] of mediaListeners) video.removeEventListener(type, listener);
        // Lets go of the stream, so another player (shaka, after a quality choice) can attach.
        video.removeAttribute('src');
        video.load();
        video = undefined;
      }
      return Promise.resolve();
    },
    isLive: () => video?.duration === Number.POSITIVE_INFINITY,
    seekRange() {
      const seekable = video?.seekable;
      if (!seekable?.length) return { start: 0, end: 0 };
      return { start: seekable.start(0), end: seekable.end(seekable.length - 1) };
    },
    getPlayheadTimeAsDate: () => null,
    getPresentationStartTimeAsDate: () => null,
    getVariantTracks: () => tracks,
    selectVariantTrack() {
      // The browser picks the variant itself; the session switches to shaka for a fixed choice.
    },
    addEventListener: (type, listener) => events.addEventListener(type, listener),
    removeEventListener: (type, listener) => events.removeEventListener(type, listener),
  };
}

async function defaultFetchText(uri: string): Promise<string> {
  const response = await fetch(uri, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`${response.status}`);
  return response.text();
}
