import { Card, type CardProps } from '@grandstand/ui';
import styled from 'styled-components';

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
const OfferCardRoot = styled(Card)`
  h3 {
    margin: 0;
    font-size: var(--gs-font-size-md);
  }

  p {
    margin: 0;
  }
`;

/** One offer of an `OfferList`: a card that is a list item. */
export function OfferCard(props: Omit<CardProps, 'as'>) {
  return <OfferCardRoot {...props} forwardedAs="li" />;
}
