import styled from 'styled-components';
import { fullScreenLayer } from '../shared/fullScreenLayer.ts';

export const LoaderRoot = styled.div<{ $fullScreen: boolean }>`
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.lg};
  color: ${({ theme }) => theme.colors.bodyTextColor};
  ${({ $fullScreen }) => $fullScreen && fullScreenLayer}
`;

export const LoaderLabel = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.font.sizes.md};
`;
