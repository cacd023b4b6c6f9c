export interface FirstFrameTimer {
  /** The load was requested: the clock starts (again). */
  start(): void;
  /**
   * The video put a frame on screen (where the browser tells: requestVideoFrameCallback). Returns
   * the milliseconds since `start()` when this completes the first frame, `undefined` otherwise.
   */
  presented(): number | undefined;
  /**
   * The media fired `playing` at this position. Returns the milliseconds since `start()` to the
   * frame already on screen, if one is, the first time; `undefined` otherwise.
   */
  playing(currentTime: number): number | undefined;
  /**
   * A `timeupdate` at this position, for browsers that do not tell when a frame is presented.
   * Returns the milliseconds since `start()` the first time the position has moved past where
   * `playing` found it, and `undefined` otherwise.
   */
  timeUpdate(currentTime: number): number | undefined;
  /**
   * The browser refused to start the playback by itself (autoplay): what it shows until the viewer
   * presses Play is a still, and the first frame is the first one shown once it plays.
   */
  refused(): void;
}

/**
 * Time to first frame: from the load request to the first frame of a playback on screen. A frame
 * the browser presents as it gets ready to play (it shows the first picture as soon as it has one,
 * and says `playing` when it has enough to go on) counts once the playback does start: it is the
 * first picture the viewer sees. Without word of presented frames, the first moment the playhead
 * moves past where `playing` found it stands for it (`playing` alone fires before a frame is shown
 * when the buffer is thin).
 */
export function createFirstFrameTimer(now: () => number = () => performance.now()): FirstFrameTimer {
  let startedAt: number | undefined;
  let presentedAt: number | undefined;
  let playingAt: number | undefined;
  let stills = false;
  let done = false;
  const finish = (at: number) => {
    done = true;
    return Math.round(at - (startedAt ?? at));
  };
  return {
    start() {
      startedAt = now();
      presentedAt = undefined;
      playingAt = undefined;
      stills = false;
      done = false;
    },
    presented() {
      if (startedAt === undefined || done) return undefined;
      if (playingAt !== undefined) return finish(now());
      if (!stills) presentedAt ??= now();
      return undefined;
    },
    playing(currentTime) {
      if (startedAt === undefined || done || playingAt !== undefined) return undefined;
      playingAt = currentTime;
      return presentedAt === undefined ? undefined : finish(presentedAt);
    },
    timeUpdate(currentTime) {
      if (startedAt === undefined || done || playingAt === undefined || currentTime <= playingAt) return undefined;
      return finish(now());
    },
    refused() {
      if (playingAt !== undefined) return;
      presentedAt = undefined;
      stills = true;
    },
  };
}
