import styled from 'styled-components';
import { Card } from '../Card/Card.tsx';

/** Offer cards in a responsive grid; a list, so screen readers count them. */
export const OfferList = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(16rem, 1fr));
  gap: var(--gs-space-md);
  margin: 0;
  padding: 0;
  list-style: none;
`;

// The offer's name and its lines sit tight in the card: the card's gap spaces them.
export const OfferCardRoot = styled(Card)`
  h3 {
    margin: 0;
    font-size: var(--gs-font-size-md);
  }

  p {
    margin: 0;
  }
`;
