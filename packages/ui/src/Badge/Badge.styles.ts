import styled, { css, type DefaultTheme } from 'styled-components';
import { readableOn } from '../theme/color.ts';

export type BadgeTone = 'live' | 'primary' | 'neutral';

const tones = {
  live: (theme: DefaultTheme) => css`
    background: ${theme.colors.danger};
    color: ${readableOn(theme.colors.danger)};
  `,
  primary: (theme: DefaultTheme) => css`
    background: ${theme.colors.primaryColor};
    color: ${theme.colors.primaryContrast};
  `,
  neutral: (theme: DefaultTheme) => css`
    background: ${theme.colors.surface};
    color: ${theme.colors.surfaceText};
    border-color: ${theme.colors.border};
  `,
} satisfies Record<BadgeTone, (theme: DefaultTheme) => ReturnType<typeof css>>;

export const BadgeRoot = styled.span<{ $tone: BadgeTone }>`
  display: inline-flex;
  align-items: center;
  gap: var(--gs-space-xs);
  padding: var(--gs-space-xxs) var(--gs-space-sm);
  border: 1px solid transparent;
  border-radius: var(--gs-radius-pill);
  font-size: var(--gs-font-size-xs);
  font-weight: var(--gs-font-weight-bold);
  line-height: 1.4;
  letter-spacing: 0.04em;
  text-transform: uppercase;
  white-space: nowrap;
  ${({ theme, $tone }) => tones[$tone](theme)}

  .dot {
    width: 0.5em;
    height: 0.5em;
    border-radius: 50%;
    background: currentColor;
  }
`;
