import { useTranslation } from '@grandstand/i18n';
import { addToast, useAppDispatch } from '@grandstand/store';
import { useEffect, useRef } from 'react';
import { useAddFavoriteMutation } from '../favouritesApi.ts';
import { forgetWish } from './wish.ts';
import type { FollowWish } from './wish.ts';

/**
 * Follows the kept wish once (a lazy chunk of `FavouritesEffects`). The wish is forgotten before the
 * call, so a reload or a second tab cannot make it twice; the server answers the same favourite for
 * the same thing anyway (spec §7).
 */
export function FollowWishNow({ wish, onDone }: { wish: FollowWish; onDone: () => void }) {
  const { t } = useTranslation('favourites');
  const dispatch = useAppDispatch();
  const [addFavorite] = useAddFavoriteMutation();
  const started = useRef(false);

  useEffect(() => {
    // Strict mode runs effects twice: one follow per wish.
    if (started.current) return;
    started.current = true;
    forgetWish();
    addFavorite({ favoritable_type: wish.kind, favoritable_id: wish.id, name: wish.name })
      .unwrap()
      .then(
        () => dispatch(addToast({ message: t('follow.followed', { name: wish.name }), type: 'success' })),
        () => dispatch(addToast({ message: t('follow.followFailed', { name: wish.name }), type: 'error' })),
      )
      .finally(onDone);
  }, [addFavorite, dispatch, onDone, t, wish]);

  return null;
}
