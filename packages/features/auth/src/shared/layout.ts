import { visuallyHidden } from '@grandstand/ui';
import styled from 'styled-components';

export const Page = styled.main`
  max-width: 28rem;
  margin: 0 auto;
  padding: ${({ theme }) => theme.space.xl} ${({ theme }) => theme.space.md};
  display: grid;
  gap: ${({ theme }) => theme.space.md};
`;

export const Title = styled.h1`
  margin: 0;
  font-size: ${({ theme }) => theme.font.sizes.xl};
`;

export const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
`;

export const Text = styled.p`
  margin: 0;
`;

export const Links = styled.p`
  margin: 0;
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
  font-size: ${({ theme }) => theme.font.sizes.sm};
`;

/** Live regions stay in the page while empty (out of sight), so screen readers announce what appears. */
export const ErrorMessage = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
  font-weight: ${({ theme }) => theme.font.weights.medium};

  &:empty {
    ${visuallyHidden}
  }
`;

export const SuccessMessage = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.success};
  font-weight: ${({ theme }) => theme.font.weights.medium};

  &:empty {
    ${visuallyHidden}
  }
`;
