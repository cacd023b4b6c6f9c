import type { ComponentPropsWithoutRef } from 'react';
import { Link } from 'react-router';

/** ui's link slot rendered by react-router, so in-site links navigate without a reload. */
export function RouterLink({ href, ...rest }: Omit<ComponentPropsWithoutRef<'a'>, 'href'> & { href: string }) {
  return <Link to={href} {...rest} />;
}
