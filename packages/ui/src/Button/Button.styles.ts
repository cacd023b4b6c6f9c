import styled, { css, type DefaultTheme } from 'styled-components';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost';
export type ButtonSize = 'sm' | 'md' | 'lg';

export interface ButtonStyleProps {
  $variant: ButtonVariant;
  $size: ButtonSize;
}

const variants = {
  primary: (theme: DefaultTheme) => css`
    background: ${theme.colors.primaryColor};
    color: ${theme.colors.primaryContrast};
    border-color: ${theme.colors.primaryColor};
  `,
  secondary: (theme: DefaultTheme) => css`
    background: ${theme.colors.secondaryColor};
    color: ${theme.colors.secondaryContrast};
    border-color: ${theme.colors.secondaryColor};
  `,
  // Inherits the text colour of where it sits (body, header, footer), which is readable there.
  ghost: () => css`
    background: transparent;
    color: inherit;
    border-color: currentColor;
  `,
} satisfies Record<ButtonVariant, (theme: DefaultTheme) => ReturnType<typeof css>>;

const sizes = {
  sm: (theme: DefaultTheme) => css`
    min-height: 2rem;
    padding: ${theme.space.xs} ${theme.space.sm};
    font-size: ${theme.font.sizes.sm};
  `,
  md: (theme: DefaultTheme) => css`
    min-height: 2.75rem;
    padding: ${theme.space.sm} ${theme.space.md};
    font-size: ${theme.font.sizes.md};
  `,
  lg: (theme: DefaultTheme) => css`
    min-height: 3.25rem;
    padding: ${theme.space.sm} ${theme.space.lg};
    font-size: ${theme.font.sizes.lg};
  `,
} satisfies Record<ButtonSize, (theme: DefaultTheme) => ReturnType<typeof css>>;

export const buttonStyles = css<ButtonStyleProps>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: var(--gs-space-sm);
  border: 2px solid transparent;
  border-radius: var(--gs-radius-md);
  font-family: inherit;
  font-weight: var(--gs-font-weight-bold);
  line-height: 1.2;
  text-decoration: none;
  cursor: pointer;
  transition: filter var(--gs-motion-fast) ease-in-out;
  ${({ theme, $variant }) => variants[$variant](theme)}
  ${({ theme, $size }) => sizes[$size](theme)}

  &:hover:not(:disabled) {
    filter: brightness(1.08);
  }

  &:disabled,
  &[aria-disabled='true'] {
    cursor: not-allowed;
    opacity: 0.6;
  }
`;

export const StyledButton = styled.button<ButtonStyleProps>`
  ${buttonStyles}
`;

export const StyledButtonLink = styled.a<ButtonStyleProps>`
  ${buttonStyles}
`;
