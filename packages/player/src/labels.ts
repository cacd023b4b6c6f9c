/**
 * Every text the player shows or announces. The site translates them (ui and player carry no
 * i18n) and passes them in, so the player reads in the viewer's language.
 */
export interface PlayerLabels {
  /** The kind of region the player is, read with its title ("Video player"). */
  player: string;
  play: string;
  pause: string;
  /** The seek slider ("Seek"). */
  seek: string;
  volume: string;
  mute: string;
  unmute: string;
  fullscreen: string;
  exitFullscreen: string;
  /** The live badge ("LIVE"). */
  live: string;
  /** Shown when the viewer is behind the live edge ("Back to live"). */
  backToLive: string;
  /** The quality selector ("Quality") and its automatic choice ("Auto"). */
  quality: string;
  qualityAuto: string;
  /** The sponsor message label shown while a preroll plays ("Ad"). */
  ad: string;
  /** Announced while the stream loads ("Loading video"). */
  loading: string;
  /** spec §8: "Oops! We are currently experiencing technical difficulties". */
  error: string;
  retry: string;
}

/** Every label's name, in the order the player's controls read them. */
export const PLAYER_LABEL_KEYS = [
  'player',
  'play',
  'pause',
  'seek',
  'volume',
  'mute',
  'unmute',
  'fullscreen',
  'exitFullscreen',
  'live',
  'backToLive',
  'quality',
  'qualityAuto',
  'ad',
  'loading',
  'error',
  'retry',
] as const satisfies readonly (keyof PlayerLabels)[];

/**
 * The player's labels from the site's translations, one text a name: each feature keeps its texts
 * in its own locale, the player lists which it needs.
 *
 * @example const labels = playerLabelsOf((name) => (name === 'error' ? t('errors:playerError') : t(`watch:player.${name}`)));
 */
export function playerLabelsOf(text: (name: keyof PlayerLabels) => string): PlayerLabels {
  return Object.fromEntries(PLAYER_LABEL_KEYS.map((name) => [name, text(name)])) as unknown as PlayerLabels;
}
