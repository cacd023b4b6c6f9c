export interface FirstFrameTimer {
  /** The load was requested: the clock starts (again). */
  start(): void;
  /** The media fired `playing` at this position. */
  playing(currentTime: number): void;
  /**
   * A `timeupdate` at this position. Returns the milliseconds since `start()` the first time the
   * position has moved past where `playing` found it, and `undefined` otherwise.
   */
  timeUpdate(currentTime: number): number | undefined;
}

/**
 * Time to first frame: from the load request to the first moment the playhead actually advances.
 * `playing` alone is not enough: it fires before a frame is shown when the buffer is thin.
 */
export function createFirstFrameTimer(now: () => number = () => performance.now()): FirstFrameTimer {
  let startedAt: number | undefined;
  let playingAt: number | undefined;
  let done = false;
  return {
    start() {
      startedAt = now();
      playingAt = undefined;
      done = false;
    },
    playing(currentTime) {
      if (startedAt !== undefined && !done && playingAt === undefined) playingAt = currentTime;
    },
    timeUpdate(currentTime) {
      if (startedAt === undefined || done || playingAt === undefined || currentTime <= playingAt) return undefined;
      done = true;
      return Math.round(now() - startedAt);
    },
  };
}
