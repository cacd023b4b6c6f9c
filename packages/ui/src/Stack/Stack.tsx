import type { ComponentPropsWithRef } from 'react';
import type { SpaceToken } from '../Page/Page.styles.ts';
import { StackRoot } from './Stack.styles.ts';

export type StackElement = 'div' | 'section' | 'form' | 'ul' | 'ol' | 'p';

export type StackProps<E extends StackElement = 'div'> = Omit<ComponentPropsWithRef<E>, 'as'> & {
  /** The space between children, from the theme (`md` by default). */
  gap?: SpaceToken;
  /** `column` (default): blocks one under the other; `row`: a wrapping line of actions, centred vertically. */
  direction?: 'column' | 'row';
  /** The element: `section` for a titled part of a page, `form` for a form's fields (its props follow). */
  as?: E;
};

/** Children spaced by one of the theme's gaps, so no view writes its own `display: grid; gap`. */
export function Stack<E extends StackElement = 'div'>({ gap = 'md', direction = 'column', as, children, ...rest }: StackProps<E>) {
  // The element's own props were checked against `as` at the call site; styled-components types the root as a div.
  const props = rest as ComponentPropsWithRef<'div'>;
  return (
    <StackRoot {...props} as={as ?? 'div'} $gap={gap} $direction={direction}>
      {children}
    </StackRoot>
  );
}
