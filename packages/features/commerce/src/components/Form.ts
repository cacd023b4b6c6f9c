import styled from 'styled-components';

/** A checkout form: its fields and actions one under the other. */
export const Form = styled.form`
  display: grid;
  gap: var(--gs-space-md);
`;
