import styled, { keyframes } from 'styled-components';

const pulse = keyframes`
  0%, 100% { opacity: 1; }
  50% { opacity: 0.55; }
`;

export const SkeletonBlock = styled.span<{ $shape: 'text' | 'block' | 'circle'; $width: string; $height: string }>`
  display: block;
  width: ${({ $width }) => $width};
  height: ${({ $height }) => $height};
  background: var(--gs-body-text-color-10);
  border-radius: ${({ theme, $shape }) => ($shape === 'circle' ? '50%' : $shape === 'block' ? theme.radii.md : theme.radii.sm)};
  animation: ${pulse} 1.4s ease-in-out infinite;

  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
`;
