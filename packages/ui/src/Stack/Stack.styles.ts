import styled, { css } from 'styled-components';
import type { SpaceToken } from '../Page/Page.styles.ts';

export interface StackStyleProps {
  $gap: SpaceToken;
  $direction: 'column' | 'row';
}

export const StackRoot = styled.div<StackStyleProps>`
  ${({ $direction, $gap, theme }) =>
    $direction === 'row'
      ? css`
          display: flex;
          flex-wrap: wrap;
          align-items: center;
          gap: ${theme.space[$gap]};
        `
      : css`
          display: grid;
          gap: ${theme.space[$gap]};
        `}
`;
