import type { TagType } from './baseApi.ts';

/**
 * What changes about the viewer and leaves cached answers stale: `session`, who is logged in (a
 * login, a registration, a logout); `access`, what they may watch (a purchase, an unsubscribe).
 */
export type ViewerChange = 'session' | 'access';

/**
 * The tag types whose answers depend on each change: the store's own here, each feature's added by
 * the feature beside its `enhanceEndpoints({ addTagTypes })`, so the store names no feature's tags.
 */
const STALE_ON: Record<ViewerChange, Set<string>> = {
  session: new Set<TagType>(['Profile', 'Event', 'Orders']),
  access: new Set<TagType>(['Event']),
};

/**
 * Marks a feature's tag types as depending on who the viewer is (`session`) or on what they may
 * watch (`access`): such a change invalidates them.
 *
 * @example const vodApi = baseApi.enhanceEndpoints({ addTagTypes: VOD_TAGS }).injectEndpoints({ … }); staleOnViewerChange('session', VOD_TAGS);
 */
export function staleOnViewerChange(change: ViewerChange, tags: readonly string[]): void {
  for (const tag of tags) STALE_ON[change].add(tag);
}

/** The tag types a change of the viewer makes stale, the features' included: invalidate them all. */
export function tagsStaleOn(change: ViewerChange): TagType[] {
  // The features' tags are not the store's TagType: RTK Query invalidates by name at run time.
  return [...STALE_ON[change]] as TagType[];
}
