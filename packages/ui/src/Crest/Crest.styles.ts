import styled from 'styled-components';
import { readableOn } from '../theme/color.ts';

export const CrestBox = styled.span<{ $size: string; $shape: 'round' | 'shield'; $color: string | undefined }>`
  position: relative;
  display: inline-grid;
  flex: none;
  place-items: center;
  width: ${({ $size }) => $size};
  height: ${({ $size }) => $size};
  overflow: hidden;
  border-radius: ${({ $shape }) => ($shape === 'round' ? '50%' : '20% 20% 50% 50% / 15% 15% 45% 45%')};
  border: 1px solid var(--gs-border);
  background: ${({ theme, $color }) => $color ?? theme.colors.surface};
  color: ${({ theme, $color }) => ($color ? readableOn($color) : theme.colors.surfaceText)};
  font-size: calc(${({ $size }) => $size} * 0.36);
  font-weight: var(--gs-font-weight-bold);
  line-height: 1;
  text-transform: uppercase;

  img {
    position: absolute;
    inset: 8%;
    width: 84%;
    height: 84%;
    object-fit: contain;
  }
`;
