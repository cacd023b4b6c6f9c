import styled from 'styled-components';

export const EmptyRoot = styled.section`
  display: grid;
  justify-items: center;
  gap: var(--gs-space-sm);
  padding: var(--gs-space-xxl) var(--gs-space-lg);
  border: 1px dashed var(--gs-border);
  border-radius: var(--gs-radius-lg);
  text-align: center;
  color: var(--gs-body-text-color);
`;

export const EmptyTitle = styled.h2`
  margin: 0;
  font-size: var(--gs-font-size-lg);
`;

export const EmptyMessage = styled.p`
  margin: 0;
  max-width: 40ch;
  color: var(--gs-muted-text);
`;

export const EmptyAction = styled.div`
  margin-top: var(--gs-space-sm);
`;
