import type { ComponentPropsWithRef, ReactNode } from 'react';
import type { SpaceToken } from '../Page/Page.styles.ts';
import { CardRoot } from './Card.styles.ts';

export interface CardProps extends Omit<ComponentPropsWithRef<'div'>, 'children'> {
  /** Space between the card's blocks (`sm` by default). */
  gap?: SpaceToken;
  /** The element: `article` for an order, `section` for a summary, `li` inside a list of offers. */
  as?: 'div' | 'section' | 'article' | 'li';
  children?: ReactNode;
}

/** A bordered block on the channel's surface colour (orders, offers, summaries), its text in the readable surface text colour. */
export function Card({ gap = 'sm', as = 'div', children, ...rest }: CardProps) {
  return (
    <CardRoot {...rest} as={as} $gap={gap}>
      {children}
    </CardRoot>
  );
}
