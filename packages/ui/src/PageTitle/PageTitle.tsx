import type { ReactNode } from 'react';
import { PageTitleRoot } from './PageTitle.styles.ts';

export interface PageTitleProps {
  /** The page's name, already translated. */
  children: ReactNode;
  id?: string;
  className?: string;
}

/** The one `h1` of a page, at the theme's page-title size, with no margin of its own: the page's grid gap spaces it. */
export function PageTitle({ children, id, className }: PageTitleProps) {
  return (
    <PageTitleRoot id={id} className={className}>
      {children}
    </PageTitleRoot>
  );
}
