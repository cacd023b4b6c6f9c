import type { LinkComponentProps } from '@grandstand/ui';
import { Link } from 'react-router';

/** The site's one link component (given to ui's `LinkProvider` in App): links navigate without a reload. */
export function RouterLink({ href, ...rest }: LinkComponentProps) {
  return <Link to={href} {...rest} />;
}
