import type { ReactNode } from 'react';
import { Badge } from '../Badge/Badge.tsx';
import type { CardProps } from '../Card/Card.tsx';
import { Text } from '../Text/Text.tsx';
import { OfferCardRoot } from './OfferCard.styles.ts';

export { OfferList } from './OfferCard.styles.ts';

export type OfferCardFrameProps = Omit<CardProps, 'as'> & {
  /** `li` inside an `OfferList` (the default); `div` where the card stands alone (a preview). */
  as?: 'li' | 'div';
};

/** One offer's card, its content the caller's: a card that is a list item of an `OfferList`. */
export function OfferCardFrame({ as = 'li', ...props }: OfferCardFrameProps) {
  return <OfferCardRoot {...props} forwardedAs={as} />;
}

export interface OfferCardProps {
  /** Unique on the page: the card is named by its heading. */
  headingId: string;
  name: string;
  /** The price title, formatted (spec §9: the base price with the period suffix). */
  priceTitle: string;
  /** "+ $2.00 service fee", formatted; absent without a fee. */
  fee?: string | null;
  description?: string | null;
  /** "7-day free trial", formatted; absent without a trial. */
  trial?: string | null;
  /** A label beside the name: "Team pass". */
  badge?: string | null;
  /** What the viewer can do: the buy link, or the "Purchased" badge. */
  action?: ReactNode;
  as?: 'li' | 'div';
}

/**
 * A pass or subscription as the site offers it to viewers: its name (the card's name), a badge,
 * the price title, the fee on top, the description, the free trial, and its action. The texts come
 * formatted, in the viewer's language and the channel's currency: the site's offer lists and the
 * control room's preview of an offer draw the same card.
 */
export function OfferCard({ headingId, name, priceTitle, fee, description, trial, badge, action, as = 'li' }: OfferCardProps) {
  return (
    <OfferCardFrame as={as} aria-labelledby={headingId}>
      <h3 id={headingId}>{name}</h3>
      {badge && <Badge>{badge}</Badge>}
      <Text size="lg" bold>
        {priceTitle}
      </Text>
      {fee && <p>{fee}</p>}
      {description && <p>{description}</p>}
      {trial && <p>{trial}</p>}
      {action}
    </OfferCardFrame>
  );
}
