import { visuallyHidden } from '@grandstand/ui';
import styled from 'styled-components';

export const Page = styled.main`
  max-width: 60rem;
  margin: 0 auto;
  padding: ${({ theme }) => theme.space.xl} ${({ theme }) => theme.space.md};
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
`;

export const NarrowPage = styled(Page)`
  max-width: 36rem;
`;

export const Heading = styled.h2`
  margin: 0;
  font-size: ${({ theme }) => theme.font.sizes.lg};
`;

export const Text = styled.p`
  margin: 0;
`;

export const Section = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
`;

export const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
  align-items: center;
`;

/** Offer cards in a responsive grid; a list, so screen readers count them. */
export const OfferList = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(16rem, 1fr));
  gap: ${({ theme }) => theme.space.md};
  margin: 0;
  padding: 0;
  list-style: none;
`;

export const OfferCard = styled.li`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  align-content: start;
  padding: ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.surfaceText};

  h3 {
    margin: 0;
    font-size: ${({ theme }) => theme.font.sizes.md};
  }

  p {
    margin: 0;
  }
`;

export const PriceTitle = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.font.sizes.lg};
  font-weight: ${({ theme }) => theme.font.weights.bold};
`;

export const Hidden = styled.span`
  ${visuallyHidden}
`;
