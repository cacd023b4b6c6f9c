import type { ColorSettings } from '@grandstand/contract';
import { useMemo, type ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import { GlobalStyle } from './GlobalStyle.ts';
import { createChannelTheme } from './theme.ts';

export interface ChannelThemeProviderProps {
  colors: ColorSettings;
  children?: ReactNode;
}

/**
 * The channel's theme for styled-components, with the global page styles, which carry the theme's
 * tokens as CSS variables on the root (the components' styles read them). Render once near the root;
 * new colour settings re-theme the whole page.
 */
export function ChannelThemeProvider({ colors, children }: ChannelThemeProviderProps) {
  const theme = useMemo(() => createChannelTheme(colors), [colors]);
  return (
    <ThemeProvider theme={theme}>
      <GlobalStyle />
      {children}
    </ThemeProvider>
  );
}
