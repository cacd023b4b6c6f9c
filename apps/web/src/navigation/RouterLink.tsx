import { useWatchPrefetch } from '@grandstand/events';
import type { LinkComponentProps } from '@grandstand/ui';
import type { FocusEvent, PointerEvent } from 'react';
import { Link } from 'react-router';

/**
 * The site's one link component (given to ui's `LinkProvider` in App): links navigate without a
 * reload. A link to a watch page starts loading that page's code, the player and the event as soon
 * as the viewer points at it, focuses it or presses it, so the first frame follows the click sooner.
 */
export function RouterLink({ href, onPointerEnter, onPointerDown, onFocus, ...rest }: LinkComponentProps) {
  const prefetchWatch = useWatchPrefetch();
  return (
    <Link
      to={href}
      onPointerEnter={(event: PointerEvent<HTMLAnchorElement>) => {
        prefetchWatch(href);
        onPointerEnter?.(event);
      }}
      onPointerDown={(event: PointerEvent<HTMLAnchorElement>) => {
        prefetchWatch(href);
        onPointerDown?.(event);
      }}
      onFocus={(event: FocusEvent<HTMLAnchorElement>) => {
        prefetchWatch(href);
        onFocus?.(event);
      }}
      {...rest}
    />
  );
}
