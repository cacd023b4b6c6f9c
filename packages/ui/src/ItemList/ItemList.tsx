import type { ComponentPropsWithRef } from 'react';
import { ItemTextRoot } from './ItemList.styles.ts';

export { ButtonRow, Item, ItemList } from './ItemList.styles.ts';

export interface ItemTextProps extends ComponentPropsWithRef<'div'> {
  /**
   * The width the text keeps before the item's actions wrap under it (`16rem` by default): wider
   * for items with several actions or long facts, narrower for one short action.
   */
  basis?: string;
}

/** An item's name and facts, one under the other, taking the room its actions leave. */
export function ItemText({ basis = '16rem', children, ...rest }: ItemTextProps) {
  return (
    <ItemTextRoot {...rest} $basis={basis}>
      {children}
    </ItemTextRoot>
  );
}
