import styled from 'styled-components';
import type { ToastKind } from './ToastViewport.tsx';

export const Viewport = styled.div`
  position: fixed;
  right: var(--gs-space-md);
  bottom: var(--gs-space-md);
  left: var(--gs-space-md);
  z-index: var(--gs-z-toast);
  display: flex;
  flex-direction: column;
  align-items: flex-end;
  gap: var(--gs-space-sm);
  pointer-events: none;

  ${({ theme }) => theme.media.sm} {
    left: auto;
    width: 24rem;
  }
`;

export const ToastItem = styled.div<{ $type: ToastKind }>`
  display: flex;
  align-items: flex-start;
  gap: var(--gs-space-sm);
  width: 100%;
  padding: var(--gs-space-sm) var(--gs-space-sm) var(--gs-space-sm) var(--gs-space-md);
  border-left: 6px solid ${({ theme, $type }) => ({ success: theme.colors.success, error: theme.colors.danger, info: theme.colors.info })[$type]};
  border-radius: var(--gs-radius-md);
  background: var(--gs-surface);
  color: var(--gs-surface-text);
  box-shadow: var(--gs-shadow-md);
  pointer-events: auto;
`;

export const ToastMessage = styled.p`
  flex: 1;
  margin: 0;
  padding: var(--gs-space-xs) 0;
`;

export const DismissButton = styled.button`
  flex: none;
  width: 2rem;
  height: 2rem;
  border: 0;
  border-radius: var(--gs-radius-sm);
  background: transparent;
  color: inherit;
  font-size: 1.25rem;
  line-height: 1;
  cursor: pointer;

  &:hover {
    background: var(--gs-body-text-color-10);
  }
`;
