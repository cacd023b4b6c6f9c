import styled from 'styled-components';
import { fullScreenLayer } from '../shared/fullScreenLayer.ts';

export const LoaderRoot = styled.div<{ $fullScreen: boolean }>`
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: var(--gs-space-md);
  padding: var(--gs-space-lg);
  color: var(--gs-body-text-color);
  ${({ $fullScreen }) => $fullScreen && fullScreenLayer}
`;

export const LoaderLabel = styled.p`
  margin: 0;
  font-size: var(--gs-font-size-md);
`;
