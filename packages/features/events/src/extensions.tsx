import { createContext, useContext, type ComponentType, type ReactNode } from 'react';

/** What a follow control gets: the followed thing's kind (spec §3: team, school, sport), id and name. */
export interface FollowControlProps {
  kind: 'participant' | 'group' | 'category';
  id: number;
  name: string;
  size?: 'sm' | 'md';
}

/** The site's additions to the events views; each is optional, so a site without one shows nothing in its place. */
export interface EventsExtensions {
  /** A follow toggle shown beside each team, school and sport (spec §1 favourites). */
  Follow?: ComponentType<FollowControlProps> | undefined;
}

const EventsExtensionsContext = createContext<EventsExtensions>({});

/**
 * Gives the events views the site's own controls, without the events feature knowing the feature
 * that makes them (a feature never imports another).
 *
 * Give the same value on the server's render and in the browser, so the first screen hydrates as
 * sent; make it once (not in a render), so the views do not re-render with each render of the site.
 *
 * @example
 * const extensions = { Follow: LazyFollowButton };
 * <EventsExtensionsProvider value={extensions}>{children}</EventsExtensionsProvider>
 */
export function EventsExtensionsProvider({ value, children }: { value: EventsExtensions; children: ReactNode }) {
  return <EventsExtensionsContext.Provider value={value}>{children}</EventsExtensionsContext.Provider>;
}

export function useEventsExtensions(): EventsExtensions {
  return useContext(EventsExtensionsContext);
}

/** The site's follow control for one team, school or sport, or nothing when the site has none. */
export function FollowSlot(props: FollowControlProps) {
  const { Follow } = useEventsExtensions();
  return Follow ? <Follow size="sm" {...props} /> : null;
}
