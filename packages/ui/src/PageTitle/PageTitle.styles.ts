import styled from 'styled-components';

export const PageTitleRoot = styled.h1`
  margin: 0;
  font-size: var(--gs-font-size-xl);
`;
