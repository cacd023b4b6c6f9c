import styled from 'styled-components';
import { fullScreenLayer } from '../shared/fullScreenLayer.ts';

export const PanelRoot = styled.div<{ $fullScreen: boolean }>`
  display: flex;
  align-items: center;
  justify-content: center;
  padding: ${({ theme }) => theme.space.xl} ${({ theme }) => theme.space.md};
  background: ${({ theme }) => theme.colors.bodyBackground};
  color: ${({ theme }) => theme.colors.bodyTextColor};
  ${({ $fullScreen }) => $fullScreen && fullScreenLayer}
`;

export const PanelBody = styled.div`
  max-width: 36rem;
  text-align: center;
`;

export const PanelTitle = styled.h1`
  margin: 0 0 ${({ theme }) => theme.space.md};
  font-size: ${({ theme }) => theme.font.sizes.display};
  letter-spacing: 0.04em;
`;

export const PanelMessage = styled.p`
  margin: 0 0 ${({ theme }) => theme.space.lg};
  font-size: ${({ theme }) => theme.font.sizes.lg};
`;

export const PanelHint = styled.p`
  margin: ${({ theme }) => theme.space.sm} 0 0;
  color: ${({ theme }) => theme.colors.mutedText};
  font-size: ${({ theme }) => theme.font.sizes.sm};
`;
