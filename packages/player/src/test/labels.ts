import type { PlayerLabels } from '../labels.ts';

/** The English texts the site passes in; tests and stories read the player as a viewer does. */
export const labels: PlayerLabels = {
  player: 'Video player',
  play: 'Play',
  pause: 'Pause',
  seek: 'Seek',
  volume: 'Volume',
  mute: 'Mute',
  unmute: 'Unmute',
  fullscreen: 'Full screen',
  exitFullscreen: 'Exit full screen',
  live: 'LIVE',
  backToLive: 'Back to live',
  quality: 'Quality',
  qualityAuto: 'Auto',
  ad: 'Ad',
  loading: 'Loading video',
  // spec §8: the player error text.
  error: 'Oops! We are currently experiencing technical difficulties',
  retry: 'Retry',
};
