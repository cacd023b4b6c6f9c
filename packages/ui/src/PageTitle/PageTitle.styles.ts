import styled from 'styled-components';

export const PageTitleRoot = styled.h1`
  margin: 0;
  font-size: ${({ theme }) => theme.font.sizes.xl};
`;
