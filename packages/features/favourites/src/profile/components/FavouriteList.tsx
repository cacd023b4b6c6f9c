import type { Favorite } from '@grandstand/contract';
import { useTranslation } from '@grandstand/i18n';
import { addToast, useAppDispatch } from '@grandstand/store';
import { Button, Crest, Link } from '@grandstand/ui';
import { useId } from 'react';
import { useRemoveFavoriteMutation } from '../../favouritesApi.ts';
import { gamesPath } from '../paths.ts';
import { Actions, Item, Kind, List, Name } from './FavouriteList.styles.ts';

export interface FavouriteListProps {
  favorites: readonly Favorite[];
  /** After a removal: the item is gone, so the page moves keyboard focus somewhere that stays. */
  onRemoved?: () => void;
}

function FavouriteItem({ favorite, onRemoved }: { favorite: Favorite; onRemoved?: () => void }) {
  const { t } = useTranslation('favouritesProfile');
  const dispatch = useAppDispatch();
  const nameId = useId();
  // The same change in flight as the follow controls of this team, school or sport elsewhere.
  const [removeFavorite, removing] = useRemoveFavoriteMutation({ fixedCacheKey: `favourite:${favorite.favoritable_type}:${favorite.favoritable_id}` });
  // A favourite just followed has no server id yet: it can be removed once it has one.
  const pending = favorite.id < 0;

  const remove = async () => {
    try {
      await removeFavorite({ id: favorite.id, name: favorite.name }).unwrap();
      dispatch(addToast({ message: t('removed', { name: favorite.name }), type: 'success' }));
      onRemoved?.();
    } catch (error) {
      // A 404 is a favourite already removed (another tab): the list is read again and drops it.
      if ((error as { status?: unknown }).status !== 404) dispatch(addToast({ message: t('removeFailed', { name: favorite.name }), type: 'error' }));
    }
  };

  return (
    <Item aria-labelledby={nameId}>
      {/* spec §3: teams and schools have a crest; a sport shows its initials in the same box. */}
      <Crest name={favorite.name} src={favorite.crest} decorative size="2.5rem" />
      <div>
        <Name id={nameId}>{favorite.name}</Name>
        <Kind>{t(`kind.${favorite.favoritable_type}`)}</Kind>
      </div>
      <Actions>
        <Link href={gamesPath(favorite)} aria-describedby={nameId}>
          {t('games')}
        </Link>
        <Button variant="ghost" size="sm" aria-describedby={nameId} loading={removing.isLoading} disabled={pending} onClick={() => void remove()}>
          {t('remove')}
        </Button>
      </Actions>
    </Item>
  );
}

/** The viewer's teams, schools and sports, newest first: each with its crest, kind, games and Remove. */
export function FavouriteList({ favorites, onRemoved }: FavouriteListProps) {
  const { t } = useTranslation('favouritesProfile');
  return (
    <List aria-label={t('listLabel')}>
      {favorites.map((favorite) => (
        <li key={favorite.id}>
          <FavouriteItem favorite={favorite} {...(onRemoved ? { onRemoved } : {})} />
        </li>
      ))}
    </List>
  );
}
