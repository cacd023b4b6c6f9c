import type { ColorSettings } from '@grandstand/contract';
import { AA_NON_TEXT, AA_TEXT, contrastRatio, ensureContrast, flatten, normalizeHex, readableOn, withAlpha } from './color.ts';

/**
 * Every colour token. Base colours keep the channel's settings; a text colour is nudged only when
 * the channel's own pair would be unreadable (below WCAG AA 4.5:1), so a careless palette still
 * produces a legible site.
 */
export interface ChannelColors {
  headerBackground: string;
  headerTextColor: string;
  bodyBackground: string;
  bodyTextColor: string;
  footerBackground: string;
  footerTextColor: string;
  primaryColor: string;
  secondaryColor: string;
  /** Readable text on the primary colour (buttons, badges). */
  primaryContrast: string;
  /** Readable text on the secondary colour. */
  secondaryContrast: string;
  /** Readable text on the header background when the header shows brand-coloured parts. */
  headerBackgroundContrast: string;
  footerBackgroundContrast: string;
  bodyBackgroundContrast: string;
  /** spec §9 alpha variants, as rgba() strings. */
  footerBackground20: string;
  footerBackground50: string;
  footerBackground70: string;
  bodyBackground10: string;
  bodyBackground20: string;
  bodyBackground50: string;
  bodyBackground70: string;
  bodyTextColor5: string;
  bodyTextColor10: string;
  bodyTextColor20: string;
  bodyTextColor50: string;
  bodyTextColor70: string;
  bodyTextColor95: string;
  headerTextColor50: string;
  /** Secondary text on the body background (hints, captions), solid and AA-readable. */
  mutedText: string;
  /** Links inside body text: the brand colour when readable, nudged otherwise. */
  link: string;
  /** Cards, dialogs and toasts: the body background lifted by 5 % of the text colour. */
  surface: string;
  surfaceText: string;
  /** Input borders and separators; 3:1 against the body background (WCAG 1.4.11). */
  border: string;
  /** Focus ring on the body background (3:1), and on the header and footer. */
  focusRing: string;
  headerFocusRing: string;
  footerFocusRing: string;
  /** Status colours, readable as text on both the body background and the surface. */
  danger: string;
  success: string;
  info: string;
  /** The dim layer behind a modal dialog. */
  backdrop: string;
}

export interface ChannelTheme {
  colors: ChannelColors;
  space: { xxs: string; xs: string; sm: string; md: string; lg: string; xl: string; xxl: string };
  radii: { sm: string; md: string; lg: string; pill: string };
  font: {
    family: string;
    sizes: { xs: string; sm: string; md: string; lg: string; xl: string; xxl: string; display: string };
    weights: { regular: string; medium: string; bold: string };
    lineHeight: string;
  };
  /** Minimum widths in px; `media` holds the matching queries for styled-components. */
  breakpoints: { sm: number; md: number; lg: number; xl: number };
  media: { sm: string; md: string; lg: string; xl: string };
  zIndex: { header: number; menu: number; overlay: number; modal: number; toast: number };
  shadows: { sm: string; md: string; lg: string };
  motion: { fast: string; normal: string };
}

const STATUS_BASE = { danger: '#d32f2f', success: '#2e7d32', info: '#0277bd' } as const;

const breakpoints = { sm: 480, md: 768, lg: 1024, xl: 1280 } as const;

/**
 * Builds the whole theme from a channel's eight colour settings (architecture: theme from
 * settings). Pure: the same settings always give the same theme.
 *
 * @example
 * const theme = createChannelTheme(channel.fallbackColors);
 * theme.colors.primaryContrast; // '#000000' on a gold primary
 */
export function createChannelTheme(colors: ColorSettings): ChannelTheme {
  const headerBackground = normalizeHex(colors['header-background']);
  const bodyBackground = normalizeHex(colors['body-background']);
  const footerBackground = normalizeHex(colors['footer-background']);
  const primaryColor = normalizeHex(colors['primary-color']);
  const secondaryColor = normalizeHex(colors['secondary-color']);
  const headerTextColor = ensureContrast(colors['header-text-color'], [headerBackground], AA_TEXT);
  const bodyTextColor = ensureContrast(colors['body-text-color'], [bodyBackground], AA_TEXT);
  const footerTextColor = ensureContrast(colors['footer-text-color'], [footerBackground], AA_TEXT);
  // A surface a shade off the body, unless that shade would cost the body text its contrast.
  const tinted = flatten(bodyTextColor, 0.05, bodyBackground);
  const surface = contrastRatio(bodyTextColor, tinted) >= AA_TEXT ? tinted : bodyBackground;
  const bodies = [bodyBackground, surface];

  return {
    colors: {
      headerBackground,
      headerTextColor,
      bodyBackground,
      bodyTextColor,
      footerBackground,
      footerTextColor,
      primaryColor,
      secondaryColor,
      primaryContrast: readableOn(primaryColor),
      secondaryContrast: readableOn(secondaryColor),
      headerBackgroundContrast: readableOn(headerBackground),
      footerBackgroundContrast: readableOn(footerBackground),
      bodyBackgroundContrast: readableOn(bodyBackground),
      // spec §9: theme colour variants with alpha percentages.
      footerBackground20: withAlpha(footerBackground, 20),
      footerBackground50: withAlpha(footerBackground, 50),
      footerBackground70: withAlpha(footerBackground, 70),
      bodyBackground10: withAlpha(bodyBackground, 10),
      bodyBackground20: withAlpha(bodyBackground, 20),
      bodyBackground50: withAlpha(bodyBackground, 50),
      bodyBackground70: withAlpha(bodyBackground, 70),
      bodyTextColor5: withAlpha(bodyTextColor, 5),
      bodyTextColor10: withAlpha(bodyTextColor, 10),
      bodyTextColor20: withAlpha(bodyTextColor, 20),
      bodyTextColor50: withAlpha(bodyTextColor, 50),
      bodyTextColor70: withAlpha(bodyTextColor, 70),
      bodyTextColor95: withAlpha(bodyTextColor, 95),
      headerTextColor50: withAlpha(headerTextColor, 50),
      mutedText: ensureContrast(flatten(bodyTextColor, 0.75, bodyBackground), bodies, AA_TEXT),
      link: ensureContrast(pickLink(primaryColor, secondaryColor, bodyBackground), bodies, AA_TEXT),
      surface,
      surfaceText: ensureContrast(bodyTextColor, [surface], AA_TEXT),
      border: ensureContrast(flatten(bodyTextColor, 0.5, bodyBackground), bodies, AA_NON_TEXT),
      focusRing: ensureContrast(primaryColor, bodies, AA_NON_TEXT),
      headerFocusRing: ensureContrast(primaryColor, [headerBackground], AA_NON_TEXT),
      footerFocusRing: ensureContrast(primaryColor, [footerBackground], AA_NON_TEXT),
      danger: ensureContrast(STATUS_BASE.danger, bodies, AA_TEXT),
      success: ensureContrast(STATUS_BASE.success, bodies, AA_TEXT),
      info: ensureContrast(STATUS_BASE.info, bodies, AA_TEXT),
      backdrop: 'rgba(0, 0, 0, 0.6)',
    },
    space: { xxs: '0.125rem', xs: '0.25rem', sm: '0.5rem', md: '1rem', lg: '1.5rem', xl: '2rem', xxl: '3rem' },
    radii: { sm: '4px', md: '8px', lg: '16px', pill: '999px' },
    font: {
      family: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
      sizes: { xs: '0.75rem', sm: '0.875rem', md: '1rem', lg: '1.25rem', xl: '1.5rem', xxl: '2rem', display: '3rem' },
      weights: { regular: '400', medium: '500', bold: '700' },
      lineHeight: '1.5',
    },
    breakpoints,
    media: {
      sm: `@media (min-width: ${breakpoints.sm}px)`,
      md: `@media (min-width: ${breakpoints.md}px)`,
      lg: `@media (min-width: ${breakpoints.lg}px)`,
      xl: `@media (min-width: ${breakpoints.xl}px)`,
    },
    zIndex: { header: 100, menu: 200, overlay: 300, modal: 400, toast: 500 },
    shadows: {
      sm: '0 1px 2px rgba(0, 0, 0, 0.2)',
      md: '0 4px 12px rgba(0, 0, 0, 0.25)',
      lg: '0 12px 32px rgba(0, 0, 0, 0.35)',
    },
    motion: { fast: '120ms', normal: '200ms' },
  };
}

/** Of the two brand colours, the one that reads better as link text on the body. */
function pickLink(primary: string, secondary: string, body: string): string {
  return ensureContrast(primary, [body], AA_TEXT) === primary ? primary : ensureContrast(secondary, [body], AA_TEXT) === secondary ? secondary : primary;
}

// Types `props.theme` in every styled component, here and in the site that themes with this package.
declare module 'styled-components' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface DefaultTheme extends ChannelTheme {}
}
