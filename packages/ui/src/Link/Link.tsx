import { createElement, type ComponentPropsWithoutRef } from 'react';
import { useLinkComponent } from './LinkProvider.tsx';

export interface LinkProps extends Omit<ComponentPropsWithoutRef<'a'>, 'href'> {
  /** A path inside the site ("/packages"), or an address outside it when `external`. */
  href: string;
  /** Leaves the site: a plain anchor, never through the site's link component. */
  external?: boolean;
}

/** A link inside the site, through the `LinkProvider`'s component (a plain `<a>` without one). */
export function Link({ href, external = false, ...rest }: LinkProps) {
  // The component comes from context (set once by the site), not made here: createElement says so to the linter.
  const component = useLinkComponent();
  if (external) return <a href={href} {...rest} />;
  return createElement(component, { href, ...rest });
}
