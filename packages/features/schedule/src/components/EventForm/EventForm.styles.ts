import styled from 'styled-components';

export const Fieldset = styled.fieldset`
  display: grid;
  gap: var(--gs-space-md);
  margin: 0;
  padding: var(--gs-space-md);
  border: 1px solid var(--gs-border);
  border-radius: var(--gs-radius-md);
  min-width: 0;
`;

export const Legend = styled.legend`
  padding: 0 var(--gs-space-xs);
  font-weight: var(--gs-font-weight-bold);
`;

/** Two fields side by side on a wide screen, one under the other on a phone. */
export const Pair = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 14rem), 1fr));
  gap: var(--gs-space-md);
  align-items: start;
`;

export const RadioRow = styled.label`
  display: flex;
  align-items: center;
  gap: var(--gs-space-sm);
  min-height: 2.75rem;
  cursor: pointer;

  input {
    width: 1.25rem;
    height: 1.25rem;
    margin: 0;
    accent-color: var(--gs-primary-color);
  }
`;

export const FieldError = styled.p`
  margin: 0;
  color: var(--gs-danger);
  font-size: var(--gs-font-size-sm);
`;
