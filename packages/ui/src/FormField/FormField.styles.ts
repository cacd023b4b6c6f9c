import styled, { css } from 'styled-components';

export const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  margin-bottom: ${({ theme }) => theme.space.md};
`;

export const Label = styled.label`
  font-weight: ${({ theme }) => theme.font.weights.medium};
`;

export const RequiredMark = styled.span.attrs({ 'aria-hidden': true })`
  margin-left: ${({ theme }) => theme.space.xxs};
  color: ${({ theme }) => theme.colors.danger};
`;

export const Hint = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.mutedText};
  font-size: ${({ theme }) => theme.font.sizes.sm};
`;

export const ErrorText = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
  font-size: ${({ theme }) => theme.font.sizes.sm};
  font-weight: ${({ theme }) => theme.font.weights.medium};
`;

const control = css<{ $invalid: boolean }>`
  width: 100%;
  min-height: 2.75rem;
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.sm};
  border: 2px solid ${({ theme, $invalid }) => ($invalid ? theme.colors.danger : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.bodyBackground};
  color: ${({ theme }) => theme.colors.bodyTextColor};
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
  gap: ${({ theme }) => theme.space.sm};

  input {
    flex: none;
    width: 1.25rem;
    height: 1.25rem;
    margin: 0.15rem 0 0;
    accent-color: ${({ theme }) => theme.colors.focusRing};
  }
`;
