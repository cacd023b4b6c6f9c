import { selectIsLoggedIn, useAppSelector } from '@grandstand/store';
import { lazy, Suspense } from 'react';
import type { ComponentType } from 'react';
import { FollowToggle } from './FollowToggle.tsx';
import type { FollowControlProps } from './types.ts';
import { VisitorFollowButton } from './VisitorFollowButton.tsx';

const FollowButton = lazy(() => import('./FollowButton.tsx').then((module) => ({ default: module.FollowButton })));

/**
 * The follow control for every place a team, school or sport appears (the events feature's
 * `Follow` extension). A visitor gets the light button of this entry: no favourites call, no chunk.
 * A logged-in viewer gets the real button, a lazy chunk with the favourites calls; until it is
 * there, the same star holds its place, waiting.
 *
 * @example <EventsExtensionsProvider value={{ Follow: LazyFollowButton }}>…</EventsExtensionsProvider>
 */
export const LazyFollowButton: ComponentType<FollowControlProps> = function LazyFollowButton(props: FollowControlProps) {
  const loggedIn = useAppSelector(selectIsLoggedIn);
  if (!loggedIn) return <VisitorFollowButton {...props} />;
  return (
    <Suspense fallback={<FollowToggle name={props.name} size={props.size} pressed={false} pending onPress={() => undefined} />}>
      <FollowButton {...props} />
    </Suspense>
  );
};
