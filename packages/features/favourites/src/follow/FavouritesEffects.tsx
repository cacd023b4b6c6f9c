import { selectIsLoggedIn, useAppSelector } from '@grandstand/store';
import { lazy, Suspense, useMemo, useState, useSyncExternalStore } from 'react';
import type { ComponentType } from 'react';
import { parseWish, storedWish } from './wish.ts';

const FollowWishNow = lazy(() => import('./FollowWishNow.tsx').then((module) => ({ default: module.FollowWishNow })));

/** Session storage sends no event to its own tab; the wish is read again whenever the layout renders. */
const subscribe = () => () => undefined;

/**
 * Mounted once in the site's layout: when a logged-in viewer has a wish kept from before the login
 * (a visitor pressed a star, then "Log in"), follows that team, school or sport and says so. Loads
 * its code only then: a visitor, or a viewer without a wish, loads nothing.
 */
export const FavouritesEffects: ComponentType = function FavouritesEffects() {
  const loggedIn = useAppSelector(selectIsLoggedIn);
  // A server render (and the hydrating render) has no storage: both read no wish, so they agree.
  const raw = useSyncExternalStore(subscribe, () => (loggedIn ? storedWish() : null), () => null);
  const [handled, setHandled] = useState<string | null>(null);
  const wish = useMemo(() => (raw !== null && raw !== handled ? parseWish(raw) : null), [raw, handled]);
  if (!wish || raw === null) return null;
  return (
    <Suspense fallback={null}>
      <FollowWishNow wish={wish} onDone={() => setHandled(raw)} />
    </Suspense>
  );
};
