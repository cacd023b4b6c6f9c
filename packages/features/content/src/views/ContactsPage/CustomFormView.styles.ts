import { visuallyHidden } from '@grandstand/ui';
import styled from 'styled-components';

export const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
`;

export const Note = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.mutedText};
  font-size: ${({ theme }) => theme.font.sizes.sm};
`;

export const Actions = styled.div`
  display: flex;
  justify-content: flex-start;
`;

/**
 * Live regions stay in the page while empty (out of sight, not display: none), so screen readers
 * announce what later appears in them.
 */
export const ServerError = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
  font-weight: ${({ theme }) => theme.font.weights.medium};

  &:empty {
    ${visuallyHidden}
  }
`;

export const Success = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.success};
  font-weight: ${({ theme }) => theme.font.weights.medium};

  &:empty {
    ${visuallyHidden}
  }
`;
