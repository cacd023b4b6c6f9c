import type { ComponentPropsWithRef, ReactNode } from 'react';
import { PageRoot, type PageWidth, type SpaceToken } from './Page.styles.ts';

export interface PageProps extends Omit<ComponentPropsWithRef<'div'>, 'children'> {
  /** The page's column (README, "Page widths"): `narrow` forms, `medium` checkout, `reading` text and account pages, `wide` card grids, `full` event grids. */
  width: PageWidth;
  /** Space between the page's blocks, from the theme; without it the page is a plain block (running text keeps its margins). */
  gap?: SpaceToken;
  /** The element: a view inside the site's `<main>` is a `div` or `section`, an article page an `article`. */
  as?: 'div' | 'main' | 'section' | 'article';
  children?: ReactNode;
}

/** A page's column: centred, at one of the site's named widths, with the theme's page padding. */
export function Page({ width, gap, as = 'div', children, ...rest }: PageProps) {
  return (
    <PageRoot {...rest} as={as} $width={width} $gap={gap}>
      {children}
    </PageRoot>
  );
}
