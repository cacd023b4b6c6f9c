import type { LinkComponentProps } from '@grandstand/ui';
import { Link } from 'react-router';

/** ui's `linkComponent` rendered by react-router, so card and filter links navigate without a reload. */
export function RouterLink({ href, ...rest }: LinkComponentProps) {
  return <Link to={href} {...rest} />;
}
