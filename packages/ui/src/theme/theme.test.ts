import type { ColorSettings } from '@grandstand/contract';
import { describe, expect, it } from 'vitest';
import { laurentides, midGrey, northfield } from '../test/palettes.ts';
import { contrastRatio, flatten, normalizeHex, withAlpha } from './color.ts';
import { applyThemeToDocument, themeToCssVariables } from './cssVariables.ts';
import { createChannelTheme, type ChannelColors } from './theme.ts';

/** Every text/background pair a component of this package paints. */
const TEXT_PAIRS: [text: keyof ChannelColors, background: keyof ChannelColors][] = [
  ['headerTextColor', 'headerBackground'],
  ['bodyTextColor', 'bodyBackground'],
  ['footerTextColor', 'footerBackground'],
  ['primaryContrast', 'primaryColor'],
  ['secondaryContrast', 'secondaryColor'],
  ['headerBackgroundContrast', 'headerBackground'],
  ['footerBackgroundContrast', 'footerBackground'],
  ['bodyBackgroundContrast', 'bodyBackground'],
  ['mutedText', 'bodyBackground'],
  ['mutedText', 'surface'],
  ['link', 'bodyBackground'],
  ['link', 'surface'],
  ['surfaceText', 'surface'],
  ['bodyTextColor', 'surface'],
  ['danger', 'bodyBackground'],
  ['danger', 'surface'],
  ['success', 'bodyBackground'],
  ['success', 'surface'],
  ['info', 'bodyBackground'],
  ['info', 'surface'],
];

/** Focus rings and borders: WCAG 1.4.11 asks 3:1. */
const NON_TEXT_PAIRS: [part: keyof ChannelColors, background: keyof ChannelColors][] = [
  ['focusRing', 'bodyBackground'],
  ['focusRing', 'surface'],
  ['headerFocusRing', 'headerBackground'],
  ['footerFocusRing', 'footerBackground'],
  ['border', 'bodyBackground'],
];

const palettes: [string, ColorSettings][] = [
  ['northfield', northfield],
  ['laurentides', laurentides],
  ['mid-grey', midGrey],
  [
    'same colour everywhere',
    Object.fromEntries(Object.keys(northfield).map((key) => [key, '#808080'])) as ColorSettings,
  ],
];

describe('createChannelTheme', () => {
  it('keeps the default colours as they are and derives the contrast colours', () => {
    const { colors } = createChannelTheme(northfield);
    expect(colors).toMatchObject({
      headerBackground: '#0b1f3a',
      headerTextColor: '#ffffff',
      bodyBackground: '#f5f7fa',
      bodyTextColor: '#14213d',
      footerBackground: '#0b1f3a',
      footerTextColor: '#e5e9f0',
      primaryColor: '#f2a900',
      secondaryColor: '#1d4e89',
      // Gold takes dark text, navy takes white.
      primaryContrast: '#000000',
      secondaryContrast: '#ffffff',
      // The secondary navy reads on the light body where the gold does not.
      link: '#1d4e89',
    });
  });

  it('gives the alpha variants of spec §9 as rgba strings', () => {
    const { colors } = createChannelTheme(northfield);
    expect(colors.footerBackground20).toBe('rgba(11, 31, 58, 0.2)');
    expect(colors.footerBackground50).toBe('rgba(11, 31, 58, 0.5)');
    expect(colors.footerBackground70).toBe('rgba(11, 31, 58, 0.7)');
    expect(colors.bodyBackground10).toBe('rgba(245, 247, 250, 0.1)');
    expect(colors.bodyBackground20).toBe('rgba(245, 247, 250, 0.2)');
    expect(colors.bodyBackground50).toBe('rgba(245, 247, 250, 0.5)');
    expect(colors.bodyBackground70).toBe('rgba(245, 247, 250, 0.7)');
    expect(colors.bodyTextColor5).toBe('rgba(20, 33, 61, 0.05)');
    expect(colors.bodyTextColor10).toBe('rgba(20, 33, 61, 0.1)');
    expect(colors.bodyTextColor20).toBe('rgba(20, 33, 61, 0.2)');
    expect(colors.bodyTextColor50).toBe('rgba(20, 33, 61, 0.5)');
    expect(colors.bodyTextColor70).toBe('rgba(20, 33, 61, 0.7)');
    expect(colors.bodyTextColor95).toBe('rgba(20, 33, 61, 0.95)');
    expect(colors.headerTextColor50).toBe('rgba(255, 255, 255, 0.5)');
  });

  it('reads a dark-bodied palette the other way round', () => {
    const { colors } = createChannelTheme(laurentides);
    expect(colors.primaryContrast).toBe('#ffffff');
    expect(colors.bodyTextColor).toBe('#eef5f0');
    // The red status colour is lightened to read on the dark body.
    expect(contrastRatio(colors.danger, '#0f1b14')).toBeGreaterThanOrEqual(4.5);
  });

  it('is pure: the same settings give an equal theme, and the input is untouched', () => {
    const input = { ...northfield };
    expect(createChannelTheme(input)).toEqual(createChannelTheme(northfield));
    expect(input).toEqual(northfield);
  });

  it('normalises upper-case hex settings', () => {
    expect(createChannelTheme({ ...northfield, 'primary-color': '#F2A900' }).colors.primaryColor).toBe('#f2a900');
  });

  it('nudges an unreadable text colour only as far as needed', () => {
    const { colors } = createChannelTheme(midGrey);
    expect(colors.bodyTextColor).not.toBe(midGrey['body-text-color']);
    expect(contrastRatio(colors.bodyTextColor, colors.bodyBackground)).toBeGreaterThanOrEqual(4.5);
  });

  describe.each(palettes)('with the %s palette', (_name, palette) => {
    const { colors } = createChannelTheme(palette);

    it.each(TEXT_PAIRS)('%s on %s reaches WCAG AA 4.5:1', (text, background) => {
      expect(contrastRatio(colors[text], colors[background])).toBeGreaterThanOrEqual(4.5);
    });

    it.each(NON_TEXT_PAIRS)('%s on %s reaches 3:1', (part, background) => {
      expect(contrastRatio(colors[part], colors[background])).toBeGreaterThanOrEqual(3);
    });
  });
});

describe('contrastRatio', () => {
  it('matches the WCAG extremes and a known pair', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    // WebAIM's reference: #767676 on white is the lightest grey that passes AA.
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
  });
});

describe('hex colours', () => {
  it('reads six and three digits in either case, and writes lower-case #rrggbb', () => {
    expect(normalizeHex('#F2A900')).toBe('#f2a900');
    expect(normalizeHex('#0aF')).toBe('#00aaff');
    expect(normalizeHex(' #000001 ')).toBe('#000001');
  });

  it('reads anything that is not hex as black instead of throwing', () => {
    expect(normalizeHex('rebeccapurple')).toBe('#000000');
    expect(normalizeHex('#12345')).toBe('#000000');
  });

  it('blends in sRGB and writes alpha variants from the channels', () => {
    expect(flatten('#ffffff', 0.5, '#000000')).toBe('#808080');
    expect(flatten('#ff0000', 0, '#0000ff')).toBe('#0000ff');
    expect(withAlpha('#14213d', 50)).toBe('rgba(20, 33, 61, 0.5)');
  });
});

describe('themeToCssVariables', () => {
  const vars = themeToCssVariables(createChannelTheme(northfield));

  it('names each colour after its setting, with the alpha as a suffix', () => {
    expect(vars['--gs-body-background']).toBe('#f5f7fa');
    expect(vars['--gs-body-text-color-50']).toBe('rgba(20, 33, 61, 0.5)');
    expect(vars['--gs-header-text-color-50']).toBe('rgba(255, 255, 255, 0.5)');
    expect(vars['--gs-primary-contrast']).toBe('#000000');
    expect(vars['--gs-focus-ring']).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('covers every colour and the scales', () => {
    const theme = createChannelTheme(northfield);
    expect(Object.keys(vars).filter((name) => !/^--gs-(space|radius|font|line|breakpoint|z|shadow|motion)-/.test(name))).toHaveLength(
      Object.keys(theme.colors).length,
    );
    expect(vars['--gs-space-md']).toBe('1rem');
    expect(vars['--gs-breakpoint-md']).toBe('768px');
    expect(vars['--gs-z-toast']).toBe('500');
    expect(vars['--gs-font-family']).toContain('system-ui');
  });
});

describe('applyThemeToDocument', () => {
  it('writes the variables onto the given root, replacing an earlier channel', () => {
    const root = document.createElement('div');
    applyThemeToDocument(createChannelTheme(northfield), root);
    expect(root.style.getPropertyValue('--gs-body-background')).toBe('#f5f7fa');
    applyThemeToDocument(createChannelTheme(laurentides), root);
    expect(root.style.getPropertyValue('--gs-body-background')).toBe('#0f1b14');
  });

  it('defaults to the document element', () => {
    applyThemeToDocument(createChannelTheme(laurentides));
    expect(document.documentElement.style.getPropertyValue('--gs-primary-color')).toBe('#d7263d');
  });
});
