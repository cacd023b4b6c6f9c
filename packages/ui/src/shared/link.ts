import type { ElementType, ReactNode } from 'react';

/** What a `linkComponent` receives: the site passes its router's link, adapted to `href`. */
export interface LinkComponentProps {
  href: string;
  children?: ReactNode;
  className?: string;
  'aria-current'?: 'page';
}

export type LinkComponent = ElementType<LinkComponentProps>;

/** A menu or footer entry, already translated and resolved to a path by the site. */
export interface NavItem {
  id: string | number;
  label: string;
  href: string;
  /** Leaves the site: rendered as a plain anchor, never through the router's link. */
  external?: boolean;
}
