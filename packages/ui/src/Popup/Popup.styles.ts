import styled from 'styled-components';

export const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: var(--gs-z-modal);
  display: flex;
  align-items: center;
  justify-content: center;
  padding: var(--gs-space-md);
  background: var(--gs-backdrop);
`;

export const DialogBox = styled.div`
  width: 100%;
  max-width: 28rem;
  max-height: calc(100vh - 2rem);
  overflow: auto;
  padding: var(--gs-space-lg);
  border-radius: var(--gs-radius-lg);
  background: var(--gs-surface);
  color: var(--gs-surface-text);
  box-shadow: var(--gs-shadow-lg);

  &:focus {
    outline: none;
  }
`;

export const DialogTitle = styled.h2`
  margin: 0 0 var(--gs-space-sm);
  font-size: var(--gs-font-size-xl);
`;

export const DialogMessage = styled.div`
  margin: 0 0 var(--gs-space-lg);
`;

export const DialogActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: var(--gs-space-sm);
`;
