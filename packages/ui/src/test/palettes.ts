import type { ColorSettings } from '@grandstand/contract';

/** The demo palettes (one copy, in the contract's test entry), so these tests do not depend on channel folders. */

export { laurentidesColors as laurentides, northfieldColors as northfield } from '@grandstand/contract/testing';

/** Everything mid-grey: no pair of the settings is readable as given. */
export const midGrey: ColorSettings = {
  'header-background': '#777777',
  'header-text-color': '#888888',
  'body-background': '#767676',
  'body-text-color': '#808080',
  'footer-background': '#797979',
  'footer-text-color': '#7a7a7a',
  'primary-color': '#787878',
  'secondary-color': '#7b7b7b',
};
