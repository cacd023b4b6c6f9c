// `@grandstand/player/preload`: only what starts shaka's download, without the player's components.
// A site that preloads the player when the viewer points at an event card imports this entry
// lazily: its chunk is a few hundred bytes, so shaka's own chunk is asked for at once instead of
// after the player's components (and their dependencies) have arrived and been evaluated.
export { preloadPlayer } from './engine/loadShaka.ts';
