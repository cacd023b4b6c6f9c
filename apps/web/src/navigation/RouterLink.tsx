import type { LinkComponentProps } from '@grandstand/ui';
import { Link } from 'react-router';

/**
 * The site's one link component (given to ui's `LinkProvider` in App): links navigate without a
 * reload. Kept to the router's own link: a page has a hundred of them, and what a link to a watch
 * page starts loading ahead of the click is one listener for the whole page (WatchPrefetch).
 */
export function RouterLink({ href, ...rest }: LinkComponentProps) {
  return <Link to={href} {...rest} />;
}
