import styled from 'styled-components';

/** A line of small links under a form ("Forgot your password?", "Register"). */
export const Links = styled.p`
  margin: 0;
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
  font-size: ${({ theme }) => theme.font.sizes.sm};
`;
