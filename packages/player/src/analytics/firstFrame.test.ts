import { describe, expect, it } from 'vitest';
import { createFirstFrameTimer } from './firstFrame.ts';

function clock() {
  let t = 1_000;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

describe('createFirstFrameTimer', () => {
  it('measures from the load request to the first advancing time update', () => {
    const c = clock();
    const timer = createFirstFrameTimer(c.now);
    timer.start();
    c.advance(300);
    timer.playing(12);
    c.advance(100);
    expect(timer.timeUpdate(12)).toBeUndefined();
    c.advance(50);
    expect(timer.timeUpdate(12.2)).toBe(450);
  });

  it('reports once only', () => {
    const c = clock();
    const timer = createFirstFrameTimer(c.now);
    timer.start();
    timer.playing(0);
    expect(timer.timeUpdate(0.1)).toBe(0);
    expect(timer.timeUpdate(0.5)).toBeUndefined();
  });

  it('ignores time updates before playing (seeks while loading) and before start', () => {
    const c = clock();
    const timer = createFirstFrameTimer(c.now);
    expect(timer.timeUpdate(3)).toBeUndefined();
    timer.start();
    expect(timer.timeUpdate(3)).toBeUndefined();
    timer.playing(3);
    c.advance(800);
    expect(timer.timeUpdate(3.25)).toBe(800);
  });

  it('starts over on a new load', () => {
    const c = clock();
    const timer = createFirstFrameTimer(c.now);
    timer.start();
    timer.playing(0);
    timer.timeUpdate(1);
    c.advance(5_000);
    timer.start();
    timer.playing(0);
    c.advance(200);
    expect(timer.timeUpdate(0.3)).toBe(200);
  });

  it('counts a picture presented before `playing` once the playback starts, from the load request', () => {
    const c = clock();
    const timer = createFirstFrameTimer(c.now);
    timer.start();
    c.advance(240);
    expect(timer.presented()).toBeUndefined();
    c.advance(60);
    expect(timer.presented()).toBeUndefined();
    c.advance(30);
    expect(timer.playing(0)).toBe(240);
    expect(timer.presented()).toBeUndefined();
    expect(timer.timeUpdate(1)).toBeUndefined();
  });

  it('counts the first frame presented after `playing` when none was before', () => {
    const c = clock();
    const timer = createFirstFrameTimer(c.now);
    timer.start();
    c.advance(300);
    expect(timer.playing(0)).toBeUndefined();
    c.advance(45);
    expect(timer.presented()).toBe(345);
  });

  it('takes no still shown while autoplay is refused for the first frame', () => {
    const c = clock();
    const timer = createFirstFrameTimer(c.now);
    timer.start();
    c.advance(200);
    timer.presented();
    timer.refused();
    c.advance(100);
    expect(timer.presented()).toBeUndefined();
    c.advance(3_000);
    expect(timer.playing(0)).toBeUndefined();
    c.advance(40);
    expect(timer.presented()).toBe(3_340);
  });
});
