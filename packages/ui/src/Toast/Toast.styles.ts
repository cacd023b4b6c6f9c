import styled from 'styled-components';
import type { ToastKind } from './ToastViewport.tsx';

export const Viewport = styled.div`
  position: fixed;
  right: ${({ theme }) => theme.space.md};
  bottom: ${({ theme }) => theme.space.md};
  left: ${({ theme }) => theme.space.md};
  z-index: ${({ theme }) => theme.zIndex.toast};
  display: flex;
  flex-direction: column;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space.sm};
  pointer-events: none;

  ${({ theme }) => theme.media.sm} {
    left: auto;
    width: 24rem;
  }
`;

export const ToastItem = styled.div<{ $type: ToastKind }>`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.sm};
  width: 100%;
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border-left: 6px solid ${({ theme, $type }) => ({ success: theme.colors.success, error: theme.colors.danger, info: theme.colors.info })[$type]};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.surfaceText};
  box-shadow: ${({ theme }) => theme.shadows.md};
  pointer-events: auto;
`;

export const ToastMessage = styled.p`
  flex: 1;
  margin: 0;
  padding: ${({ theme }) => theme.space.xs} 0;
`;

export const DismissButton = styled.button`
  flex: none;
  width: 2rem;
  height: 2rem;
  border: 0;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: transparent;
  color: inherit;
  font-size: 1.25rem;
  line-height: 1;
  cursor: pointer;

  &:hover {
    background: ${({ theme }) => theme.colors.bodyTextColor10};
  }
`;
