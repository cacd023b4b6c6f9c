import styled from 'styled-components';

// Under the toasts and popups, over the page.
export const BannerRoot = styled.section`
  position: fixed;
  right: var(--gs-space-md);
  bottom: var(--gs-space-md);
  left: var(--gs-space-md);
  z-index: var(--gs-z-overlay);
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: var(--gs-space-sm) var(--gs-space-md);
  max-width: 48rem;
  margin: 0 auto;
  padding: var(--gs-space-md);
  border-radius: var(--gs-radius-md);
  background: var(--gs-surface);
  color: var(--gs-surface-text);
  box-shadow: var(--gs-shadow-lg);
`;

export const BannerMessage = styled.p`
  flex: 1 1 18rem;
  margin: 0;
`;

export const BannerActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: var(--gs-space-sm);
`;
