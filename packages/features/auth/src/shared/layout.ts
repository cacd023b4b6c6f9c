import styled from 'styled-components';

/** A line of small links under a form ("Forgot your password?", "Register"). */
export const Links = styled.p`
  margin: 0;
  display: flex;
  flex-wrap: wrap;
  gap: var(--gs-space-sm);
  font-size: var(--gs-font-size-sm);
`;
