import styled from 'styled-components';

export const List = styled.ul`
  display: grid;
  gap: var(--gs-space-sm);
  margin: 0;
  padding: 0;
  list-style: none;
`;

export const Item = styled.article`
  display: grid;
  grid-template-columns: auto 1fr auto;
  align-items: center;
  gap: var(--gs-space-md);
  padding: var(--gs-space-sm) var(--gs-space-md);
  border: 1px solid var(--gs-border);
  border-radius: var(--gs-radius-md);
  background: var(--gs-surface);
  color: var(--gs-surface-text);
`;

export const Name = styled.h3`
  margin: 0;
  font-size: var(--gs-font-size-md);
  overflow-wrap: anywhere;
`;

export const Kind = styled.p`
  margin: 0;
  color: var(--gs-muted-text);
  font-size: var(--gs-font-size-sm);
`;

export const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: var(--gs-space-sm);
`;
