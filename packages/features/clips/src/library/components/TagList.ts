import styled from 'styled-components';

/** A clip's tags in a wrapping row: the clip's card in the library and the shared clip's page. */
export const TagList = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: var(--gs-space-xs);
  margin: 0;
  padding: 0;
  list-style: none;
`;
