import type { ColorSettings } from '@grandstand/contract';
import { useLayoutEffect, useMemo, type ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import { applyThemeToDocument } from './cssVariables.ts';
import { GlobalStyle } from './GlobalStyle.ts';
import { createChannelTheme } from './theme.ts';

export interface ChannelThemeProviderProps {
  colors: ColorSettings;
  children?: ReactNode;
}

/**
 * The channel's theme for styled-components, mirrored into CSS variables on the document root, with
 * the global page styles. Render once near the root; new colour settings re-theme the whole page.
 */
export function ChannelThemeProvider({ colors, children }: ChannelThemeProviderProps) {
  const theme = useMemo(() => createChannelTheme(colors), [colors]);
  // Layout effect: the variables are in place before the browser paints, so static CSS never
  // shows a frame in the previous channel's colours.
  useLayoutEffect(() => applyThemeToDocument(theme), [theme]);
  return (
    <ThemeProvider theme={theme}>
      <GlobalStyle />
      {children}
    </ThemeProvider>
  );
}
