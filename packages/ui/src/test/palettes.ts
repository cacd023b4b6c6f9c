import type { ColorSettings } from '@grandstand/contract';

/** The demo palettes of the design brief, inline so these tests do not depend on channel folders. */

/** Navy and gold. */
export const northfield: ColorSettings = {
  'header-background': '#0b1f3a',
  'header-text-color': '#ffffff',
  'body-background': '#f5f7fa',
  'body-text-color': '#14213d',
  'footer-background': '#0b1f3a',
  'footer-text-color': '#e5e9f0',
  'primary-color': '#f2a900',
  'secondary-color': '#1d4e89',
};

/** Forest green and red on a dark body. */
export const laurentides: ColorSettings = {
  'header-background': '#ffffff',
  'header-text-color': '#123524',
  'body-background': '#0f1b14',
  'body-text-color': '#eef5f0',
  'footer-background': '#123524',
  'footer-text-color': '#d8e8dd',
  'primary-color': '#d7263d',
  'secondary-color': '#2e8b57',
};

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
