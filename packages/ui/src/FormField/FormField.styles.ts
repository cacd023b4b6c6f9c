import styled, { css } from 'styled-components';

export const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: var(--gs-space-xs);
  margin-bottom: var(--gs-space-md);
`;

export const Label = styled.label`
  font-weight: var(--gs-font-weight-medium);
`;

export const RequiredMark = styled.span.attrs({ 'aria-hidden': true })`
  margin-left: var(--gs-space-xxs);
  color: var(--gs-danger);
`;

export const Hint = styled.p`
  margin: 0;
  color: var(--gs-muted-text);
  font-size: var(--gs-font-size-sm);
`;

export const ErrorText = styled.p`
  margin: 0;
  color: var(--gs-danger);
  font-size: var(--gs-font-size-sm);
  font-weight: var(--gs-font-weight-medium);
`;

const control = css<{ $invalid: boolean }>`
  width: 100%;
  min-height: 2.75rem;
  padding: var(--gs-space-sm) var(--gs-space-sm);
  border: 2px solid ${({ theme, $invalid }) => ($invalid ? theme.colors.danger : theme.colors.border)};
  border-radius: var(--gs-radius-md);
  background: var(--gs-body-background);
  color: var(--gs-body-text-color);
  font: inherit;

  &:disabled {
    opacity: 0.6;
    cursor: not-allowed;
  }
`;

export const Input = styled.input<{ $invalid: boolean }>`
  ${control}
`;

export const TextAreaControl = styled.textarea<{ $invalid: boolean }>`
  ${control}
  min-height: 6rem;
  resize: vertical;
`;

export const SelectControl = styled.select<{ $invalid: boolean }>`
  ${control}
`;

export const CheckRow = styled.div`
  display: flex;
  align-items: flex-start;
  gap: var(--gs-space-sm);

  input {
    flex: none;
    width: 1.25rem;
    height: 1.25rem;
    margin: 0.15rem 0 0;
    accent-color: var(--gs-focus-ring);
  }
`;
