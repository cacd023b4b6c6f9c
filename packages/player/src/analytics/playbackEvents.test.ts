import { describe, expect, it } from 'vitest';
import { createPlaybackEventTracker, SEEK_QUIET_MS, type PlaybackEvent } from './playbackEvents.ts';

function make() {
  const events: PlaybackEvent[] = [];
  let t = 0;
  const tracker = createPlaybackEventTracker((event) => events.push(event), () => t);
  return { events, tracker, advance: (ms: number) => (t += ms) };
}

describe('createPlaybackEventTracker', () => {
  it('starts once, pauses, seeks and ends as the viewer does', () => {
    const { events, tracker, advance } = make();
    tracker.playing();
    advance(5_000);
    tracker.paused(false);
    tracker.playing();
    advance(5_000);
    tracker.seeked();
    advance(60_000);
    tracker.paused(true);
    tracker.ended();
    expect(events).toEqual(['start', 'pause', 'seek', 'end']);
  });

  it('counts a drag along the bar as one seek', () => {
    const { events, tracker, advance } = make();
    tracker.playing();
    for (let i = 0; i < 10; i += 1) {
      tracker.seeked();
      advance(100);
    }
    advance(SEEK_QUIET_MS);
    tracker.seeked();
    expect(events).toEqual(['start', 'seek', 'seek']);
  });

  it('reports nothing of what happens before the start (loading, the resume position)', () => {
    const { events, tracker } = make();
    tracker.seeked();
    tracker.paused(false);
    tracker.ended();
    expect(events).toEqual([]);
  });
});
