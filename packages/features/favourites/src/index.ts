// @grandstand/favourites: follow a team, a school or a sport (spec §1, §3 Favourite, §5 favourite
// rules, §6, §7 Favourites calls).

// The follow control (a visitor's light button here; the logged-in one a lazy chunk) and the
// effect that follows what a visitor chose before logging in.
export { LazyFollowButton } from './follow/LazyFollowButton.tsx';
export type { FollowControlProps } from './follow/types.ts';
export { FavouritesEffects } from './follow/FavouritesEffects.tsx';
export { favouritesNamespace } from './namespace.ts';

// The profile's favourites and calendar address.
export { favouritesProfileRoutes } from './profile/routes.tsx';
export { FAVOURITES_PATHS, gamesPath } from './profile/paths.ts';
export { FavouritesSectionLabel } from './profile/FavouritesSectionLabel.tsx';
export { favouritesProfileNamespace } from './profile/namespace.ts';

// The calls.
export {
  favoriteOf,
  favouritesApi,
  useAddFavoriteMutation,
  useGetCalendarFeedQuery,
  useGetFavoritesQuery,
  useRemoveFavoriteMutation,
  useRenewCalendarFeedMutation,
} from './favouritesApi.ts';
export type { FavoriteTarget } from './favouritesApi.ts';
