import type { PlayerHandle } from '@grandstand/player';

export interface FakePlayerOptions {
  live?: boolean;
  /** The seekable window, in media seconds. */
  range?: { start: number; end: number };
  currentTime?: number;
  /** The wall clock of media time 0 (the stream's first program date-time); null: the stream has none. */
  clockStart?: Date | null;
}

export interface FakePlayer extends PlayerHandle {
  /** Moves the playhead as playback would, telling the subscribers. */
  advanceTo(time: number): void;
  /** The stream starts telling its time (its first program date-time arrives), telling the subscribers. */
  setClock(clockStart: Date): void;
  /** What the editor asked of the player, in order. */
  calls: string[];
}

/**
 * The player as the clip editor sees it (its outside boundary): a playhead in a window, a wall clock
 * from the program date-time, play, pause and seek, and the subscribers told when the playhead moves.
 */
export function createFakePlayer({ live = false, range = { start: 0, end: 600 }, currentTime = 120, clockStart: initialClock = null }: FakePlayerOptions = {}): FakePlayer {
  let time = currentTime;
  let clockStart = initialClock;
  let paused = true;
  const listeners = new Set<() => void>();
  const tell = () => {
    for (const listener of [...listeners]) listener();
  };
  const dateAt = (t: number) => (clockStart ? new Date(clockStart.getTime() + t * 1000) : null);
  const calls: string[] = [];
  return {
    live,
    calls,
    currentTime: () => time,
    seekRange: () => range,
    dateAt,
    playheadDate: () => dateAt(time),
    liveEdgeDate: () => dateAt(range.end),
    paused: () => paused,
    play() {
      calls.push('play');
      paused = false;
      tell();
    },
    pause() {
      calls.push('pause');
      paused = true;
      tell();
    },
    seek(t) {
      calls.push(`seek ${t}`);
      time = Math.min(range.end, Math.max(range.start, t));
      tell();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    advanceTo(t) {
      time = t;
      tell();
    },
    setClock(date) {
      clockStart = date;
      tell();
    },
  };
}
