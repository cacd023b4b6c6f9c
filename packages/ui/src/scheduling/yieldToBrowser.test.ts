import { afterEach, describe, expect, it, vi } from 'vitest';
import { yieldToBrowser } from './yieldToBrowser.ts';

describe('yieldToBrowser', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it("continues after the browser's turn with scheduler.yield where the browser has it", async () => {
    const yielded = vi.fn(() => Promise.resolve());
    vi.stubGlobal('scheduler', { yield: yielded });
    await yieldToBrowser();
    expect(yielded).toHaveBeenCalledOnce();
  });

  it('continues after a timer elsewhere, not within the same task', async () => {
    vi.stubGlobal('scheduler', undefined);
    vi.useFakeTimers();
    let continued = false;
    const step = yieldToBrowser().then(() => {
      continued = true;
    });
    await Promise.resolve();
    expect(continued).toBe(false);
    await vi.runAllTimersAsync();
    await step;
    expect(continued).toBe(true);
  });
});
