import { useTranslation } from '@grandstand/i18n';
import { confirmPopup, useAppDispatch } from '@grandstand/store';
import { useNavigate } from 'react-router';
import { FollowToggle } from './FollowToggle.tsx';
import type { FollowControlProps } from './types.ts';
import { rememberWish } from './wish.ts';

/** The site's login page; it returns the viewer to the last page they visited (the auth feature). */
export const LOGIN_PATH = '/login';

/**
 * A visitor's follow control (spec §6: "Please log in to start favouriting"): no favourites call and
 * no chunk, only the store's popup. "Log in" keeps the wish for the tab, so the site follows the
 * team once the viewer is back (`FavouritesEffects`).
 */
export function VisitorFollowButton({ kind, id, name, size }: FollowControlProps) {
  const { t } = useTranslation('favourites');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();

  const ask = async () => {
    const confirmed = await dispatch(
      confirmPopup({
        // spec §6: FAVORITE_MESSAGES.loginToFavourite in English (namespace.test.ts holds them equal).
        title: t('follow.loginTitle'),
        message: t('follow.loginMessage', { name }),
        okLabel: t('follow.login'),
        cancelLabel: t('follow.notNow'),
      }),
    );
    if (!confirmed) return;
    rememberWish({ kind, id, name });
    await navigate(LOGIN_PATH);
  };

  return <FollowToggle name={name} size={size} pressed={false} onPress={() => void ask()} />;
}
