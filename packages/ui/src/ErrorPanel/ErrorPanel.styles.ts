import styled from 'styled-components';
import { fullScreenLayer } from '../shared/fullScreenLayer.ts';

export const PanelRoot = styled.div<{ $fullScreen: boolean }>`
  display: flex;
  align-items: center;
  justify-content: center;
  padding: var(--gs-space-xl) var(--gs-space-md);
  background: var(--gs-body-background);
  color: var(--gs-body-text-color);
  ${({ $fullScreen }) => $fullScreen && fullScreenLayer}
`;

export const PanelBody = styled.div`
  max-width: 36rem;
  text-align: center;
`;

export const PanelTitle = styled.h1`
  margin: 0 0 var(--gs-space-md);
  font-size: var(--gs-font-size-display);
  letter-spacing: 0.04em;
`;

export const PanelMessage = styled.p`
  margin: 0 0 var(--gs-space-lg);
  font-size: var(--gs-font-size-lg);
`;

export const PanelHint = styled.p`
  margin: var(--gs-space-sm) 0 0;
  color: var(--gs-muted-text);
  font-size: var(--gs-font-size-sm);
`;
