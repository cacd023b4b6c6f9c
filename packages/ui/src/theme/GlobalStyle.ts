import { createGlobalStyle, type DefaultTheme } from 'styled-components';
import { themeToCssVariables } from './cssVariables.ts';

/** The theme's tokens as declarations of CSS custom properties (`--gs-primary-color: #…;`). */
function declarations(theme: DefaultTheme): string {
  return Object.entries(themeToCssVariables(theme))
    .map(([name, value]) => `${name}: ${value};`)
    .join(' ');
}

/**
 * Page basics from the theme: its tokens as CSS variables on the root, colours, font, one visible
 * focus ring, and reduced motion.
 *
 * The components' styles read the tokens through the variables (`var(--gs-space-md)`), not through
 * functions of the theme: styled-components computes a style without functions once per component,
 * where a style with one is evaluated, hashed and looked up again at each render of each element.
 * The variables are here, in the server's HTML with the rest of the page's styles, so the first
 * paint has them.
 */
export const GlobalStyle = createGlobalStyle`
  :root { ${({ theme }) => declarations(theme)} }

  *, *::before, *::after { box-sizing: border-box; }

  html { -webkit-text-size-adjust: 100%; }

  body {
    margin: 0;
    background: var(--gs-body-background);
    color: var(--gs-body-text-color);
    font-family: var(--gs-font-family);
    font-size: var(--gs-font-size-md);
    line-height: var(--gs-line-height);
  }

  a { color: var(--gs-link); }

  :focus-visible {
    outline: 3px solid var(--gs-focus-ring);
    outline-offset: 2px;
  }

  @media (prefers-reduced-motion: reduce) {
    *, *::before, *::after {
      animation-duration: 0.01ms !important;
      animation-iteration-count: 1 !important;
      transition-duration: 0.01ms !important;
      scroll-behavior: auto !important;
    }
  }
`;
