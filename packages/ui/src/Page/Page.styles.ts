import styled, { css } from 'styled-components';
import type { ChannelTheme } from '../theme/theme.ts';

/**
 * The page widths of the site (see the README, "Page widths"): a few named columns instead of a
 * max-width per view, so pages of one kind line up.
 */
export const PAGE_WIDTHS = {
  /** One short form: log in, register, reset a password, link a device. */
  narrow: '28rem',
  /** One task with a summary beside its form: checkout. */
  medium: '36rem',
  /** Running text and account pages: a readable line length. */
  reading: '72ch',
  /** A grid of a few cards: packages and offers. */
  wide: '60rem',
  /** Rails and grids of events: home, listings. */
  full: '80rem',
} as const;

export type PageWidth = keyof typeof PAGE_WIDTHS;
export type SpaceToken = keyof ChannelTheme['space'];

export interface PageStyleProps {
  $width: PageWidth;
  $gap?: SpaceToken;
}

export const PageRoot = styled.div<PageStyleProps>`
  max-width: ${({ $width }) => PAGE_WIDTHS[$width]};
  min-width: 0;
  margin: 0 auto;
  padding: var(--gs-space-xl) var(--gs-space-md);
  ${({ $gap, theme }) =>
    $gap &&
    css`
      display: grid;
      gap: ${theme.space[$gap]};
    `}
`;
