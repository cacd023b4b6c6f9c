import type { ColorSettings } from '@grandstand/contract';
import { renderToString } from 'react-dom/server';
import { ServerStyleSheet } from 'styled-components';
import { describe, expect, it } from 'vitest';
import { laurentides, northfield } from '../test/palettes.ts';
import { ChannelThemeProvider } from './ChannelThemeProvider.tsx';
import { themeToCssVariables } from './cssVariables.ts';
import { createChannelTheme } from './theme.ts';

/** The declarations of `:root` in the styles a server render of the provider sends with the page. */
function rootDeclarations(colors: ColorSettings): Map<string, string> {
  const sheet = new ServerStyleSheet();
  try {
    renderToString(sheet.collectStyles(<ChannelThemeProvider colors={colors}>page</ChannelThemeProvider>));
    const css = sheet.getStyleTags();
    const declared = new Map<string, string>();
    for (const [, block] of css.matchAll(/:root\s*\{([^}]*)\}/g)) {
      for (const declaration of block!.split(';')) {
        const at = declaration.indexOf(':');
        if (at > 0) declared.set(declaration.slice(0, at).trim(), declaration.slice(at + 1).trim());
      }
    }
    return declared;
  } finally {
    sheet.seal();
  }
}

// In the browser the provider's GlobalStyle injects the same rule (the stories, run in Chromium, read
// their tokens through it); jsdom gets styled-components' server build, which injects no global style.
describe('ChannelThemeProvider', () => {
  it.each([
    ['northfield', northfield],
    ['laurentides', laurentides],
  ] as const)("sends every token of %s's theme as a CSS variable on the root, in the page's styles", (_name, colors) => {
    const declared = rootDeclarations(colors);
    const expected = Object.entries(themeToCssVariables(createChannelTheme(colors)));
    expect(expected.length).toBeGreaterThan(50);
    // stylis drops the spaces after some commas (a font list's), not others (rgba's).
    const compact = (value: string | undefined) => value?.replaceAll(/,\s+/g, ',');
    for (const [name, value] of expected) expect(compact(declared.get(name)), name).toBe(compact(value));
  });
});
