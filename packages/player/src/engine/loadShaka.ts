import type shakaHls from 'shaka-player/dist/shaka-player.hls-es2021.js';
import { yieldToBrowser } from '@grandstand/ui';
import { needsNativeHls } from './native.ts';
import type { ShakaPlayerLike } from './types.ts';

/** The stream cannot play in this browser (no MediaSource); shown as the player's error. */
export class UnsupportedBrowserError extends Error {
  override name = 'UnsupportedBrowserError';
}

// A type-only import: erased at build, it costs nothing at run time.
type ShakaModule = typeof shakaHls;

let shakaPromise: Promise<ShakaModule> | undefined;

/**
 * Loads shaka-player on first use. The only import of shaka in this package, and a dynamic one: the
 * bundler puts shaka in its own chunk, fetched when a player mounts, so no page that merely links to
 * the package pays for it. The HLS-only ES2021 build is the lightest that plays the
 * product's HLS (H.264/AAC) streams.
 */
export function loadShaka(): Promise<ShakaModule> {
  shakaPromise ??= import('shaka-player/dist/shaka-player.hls-es2021.js').then(async (mod) => {
    // The build is a UMD bundle: bundlers hand its `exports` object over as the default export.
    const shaka = ((mod as { default?: ShakaModule }).default ?? mod) as ShakaModule;
    // The bundle's evaluation was one long task on a phone: its polyfills install in the next.
    await yieldToBrowser();
    shaka.polyfill.installAll();
    return shaka;
  });
  shakaPromise.catch(() => {
    shakaPromise = undefined;
  });
  return shakaPromise;
}

/** A shaka player, or an `UnsupportedBrowserError` where the browser cannot play the streams. */
export async function createShakaPlayer(): Promise<ShakaPlayerLike> {
  const shaka = await loadShaka();
  await yieldToBrowser();
  if (!shaka.Player.isBrowserSupported()) throw new UnsupportedBrowserError('This browser cannot play HLS streams');
  // The boundary cast: shaka's generated types describe the same methods with looser listener types.
  return new shaka.Player() as unknown as ShakaPlayerLike;
}

/**
 * Starts fetching the player's code ahead of time (e.g. when the viewer points at an event card),
 * so the first frame comes sooner after the click. Safe to call often; failures are left to mount.
 * An on-demand stream in a browser that only plays HLS itself needs no shaka (see createPlaybackSession):
 * then nothing is fetched. `live` unknown: fetched, as for a live stream.
 */
export function preloadPlayer({ live = true }: { live?: boolean } = {}): Promise<void> {
  if (!live && needsNativeHls()) return Promise.resolve();
  return loadShaka().then(
    () => undefined,
    () => undefined,
  );
}
