import type { ComponentPropsWithoutRef, ElementType } from 'react';

/**
 * What the site's link component receives: an anchor's props with `href` (a path inside the site).
 * The site adapts its router's link to this once, in `LinkProvider`.
 */
export interface LinkComponentProps extends Omit<ComponentPropsWithoutRef<'a'>, 'href'> {
  href: string;
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
