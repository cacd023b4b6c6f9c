import { useTranslation } from '@grandstand/i18n';
import { addToast, useAppDispatch } from '@grandstand/store';
import { favoriteOf, useAddFavoriteMutation, useGetFavoritesQuery, useRemoveFavoriteMutation } from '../favouritesApi.ts';
import { FollowToggle } from './FollowToggle.tsx';
import type { FollowControlProps } from './types.ts';

/** Whether a failed call is the 404 of a favourite already gone (unfollowed in another tab). */
function isGone(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 404;
}

/**
 * A logged-in viewer's follow control (a lazy chunk): pressed when GET /favorites holds this team,
 * school or sport; a press changes it at once and rolls back with a toast if the server refuses.
 * Every control of the same thing (a card's, the heading's) shares one change in flight, so no
 * second press can send an unfollow before the follow it would undo has landed.
 */
export function FollowButton({ kind, id, name, size }: FollowControlProps) {
  const { t } = useTranslation('favourites');
  const dispatch = useAppDispatch();
  const { data: favorites, isLoading } = useGetFavoritesQuery();
  const fixedCacheKey = `favourite:${kind}:${id}`;
  const [addFavorite, adding] = useAddFavoriteMutation({ fixedCacheKey });
  const [removeFavorite, removing] = useRemoveFavoriteMutation({ fixedCacheKey });
  const favorite = favoriteOf(favorites, kind, id);
  // A favourite still on its way has no server id yet (negative): it cannot be removed until it has one.
  const pending = isLoading || adding.isLoading || removing.isLoading || (favorite !== undefined && favorite.id < 0);

  const toggle = async () => {
    if (favorite) {
      try {
        await removeFavorite({ id: favorite.id, name }).unwrap();
      } catch (error) {
        if (!isGone(error)) dispatch(addToast({ message: t('follow.unfollowFailed', { name }), type: 'error' }));
      }
      return;
    }
    try {
      await addFavorite({ favoritable_type: kind, favoritable_id: id, name }).unwrap();
    } catch {
      dispatch(addToast({ message: t('follow.followFailed', { name }), type: 'error' }));
    }
  };

  return <FollowToggle name={name} size={size} pressed={favorite !== undefined} pending={pending} onPress={() => void toggle()} />;
}
