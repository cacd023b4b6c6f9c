import { afterEach, describe, expect, it, vi } from 'vitest';

// shaka is the outside boundary here: each load of it installs its polyfills once, which the test counts.
const shaka = vi.hoisted(() => ({ installs: 0 }));
vi.mock('shaka-player/dist/shaka-player.hls-es2021.js', () => ({ default: { polyfill: { installAll: () => (shaka.installs += 1) } } }));

/** loadShaka.ts afresh: it keeps the shaka it loaded for the page's life. */
async function freshLoader() {
  vi.resetModules();
  shaka.installs = 0;
  return import('./loadShaka.ts');
}

describe('preloadPlayer', () => {
  afterEach(() => vi.restoreAllMocks());

  it('loads no shaka for an on-demand stream where the browser plays HLS itself, and does for a live one', async () => {
    vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockReturnValue('maybe');
    const { preloadPlayer } = await freshLoader();
    await preloadPlayer({ live: false });
    expect(shaka.installs).toBe(0);
    await preloadPlayer({ live: true });
    expect(shaka.installs).toBe(1);
  });

  it('loads shaka for an on-demand stream where the browser has no HLS of its own', async () => {
    vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockReturnValue('');
    const { preloadPlayer } = await freshLoader();
    await preloadPlayer({ live: false });
    expect(shaka.installs).toBe(1);
  });
});
