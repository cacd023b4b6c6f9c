import { useState, type ReactNode } from 'react';
import { EventsExtensionsProvider } from '../extensions.tsx';
import type { FollowControlProps } from '../extensions.tsx';

/**
 * A follow control as a site passes one (the favourites feature's lives in that feature): a toggle
 * named for what it follows, telling which kind and id it was given.
 */
export function TestFollow({ kind, id, name, size = 'md' }: FollowControlProps) {
  const [following, setFollowing] = useState(false);
  return (
    <button type="button" aria-pressed={following} data-follow={`${kind}:${id}`} data-size={size} onClick={() => setFollowing(!following)}>
      {following ? `Unfollow ${name}` : `Follow ${name}`}
    </button>
  );
}

/** The events views with the test's follow control, as a site with favourites mounts them. */
export function WithTestFollow({ children }: { children: ReactNode }) {
  return <EventsExtensionsProvider value={{ Follow: TestFollow }}>{children}</EventsExtensionsProvider>;
}
