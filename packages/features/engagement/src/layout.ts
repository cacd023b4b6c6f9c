import styled from 'styled-components';

/** The screens' shared pieces: a row of buttons, a boxed card, its heading line. */
export const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: var(--gs-space-sm);
  align-items: center;
`;

export const Card = styled.div`
  display: grid;
  gap: var(--gs-space-sm);
  padding: var(--gs-space-sm) var(--gs-space-md);
  border: 1px solid var(--gs-border);
  border-radius: var(--gs-radius-md);
  background: var(--gs-surface);
  color: var(--gs-surface-text);
  overflow-wrap: anywhere;
`;

export const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: var(--gs-space-sm);
`;
