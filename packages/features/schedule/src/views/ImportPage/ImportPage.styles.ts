import styled from 'styled-components';

export const FileInput = styled.input`
  min-height: 2.75rem;
  max-width: 100%;
`;

export const UnknownGroup = styled.fieldset`
  margin: 0;
  padding: var(--gs-space-sm) var(--gs-space-md);
  border: 1px solid var(--gs-border);
  border-radius: var(--gs-radius-md);
  min-width: 0;

  legend {
    padding: 0 var(--gs-space-xs);
    font-weight: var(--gs-font-weight-bold);
  }
`;
