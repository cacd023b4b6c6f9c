import { useErrorText, useTranslation } from '@grandstand/i18n';
import { ButtonLink, EmptyState, ErrorPanel, Loader, SectionTitle, Stack, Text } from '@grandstand/ui';
import { useId, useRef } from 'react';
import { useGetFavoritesQuery } from '../../favouritesApi.ts';
import { CalendarFeedPanel } from '../components/CalendarFeedPanel.tsx';
import { FavouriteList } from '../components/FavouriteList.tsx';

/** Where a viewer who follows nothing finds teams: home lists the schools, their teams and sports. */
const FIND_TEAM_PATH = '/';

/**
 * `/profile/favourites`: the teams, schools and sports the viewer follows (spec §3 Favourite), each
 * with a link to its games and Remove, and the private calendar address of their games.
 */
export function ProfileFavouritesPage() {
  const { t } = useTranslation(['favouritesProfile', 'errors']);
  const errorText = useErrorText();
  const titleId = useId();
  const titleRef = useRef<HTMLHeadingElement>(null);
  const { data: favorites, error, isLoading, isFetching, refetch } = useGetFavoritesQuery();

  let content;
  if (isLoading) content = <Loader label={t('favouritesProfile:loading')} />;
  else if (!favorites)
    content = (
      <ErrorPanel
        title={t('favouritesProfile:loadFailed')}
        message={errorText(error)}
        actionLabel={t('favouritesProfile:retry')}
        onAction={() => void refetch()}
        actionDisabled={isFetching}
      />
    );
  else if (favorites.length === 0)
    content = (
      <EmptyState
        title={t('favouritesProfile:emptyTitle')}
        message={t('favouritesProfile:emptyMessage')}
        headingLevel={3}
        action={<ButtonLink href={FIND_TEAM_PATH}>{t('favouritesProfile:findTeam')}</ButtonLink>}
      />
    );
  // The removed item is gone: keep keyboard and screen-reader users on the section.
  else content = <FavouriteList favorites={favorites} onRemoved={() => titleRef.current?.focus()} />;

  return (
    <Stack as="section" aria-labelledby={titleId}>
      <SectionTitle id={titleId} ref={titleRef} tabIndex={-1}>
        {t('favouritesProfile:title')}
      </SectionTitle>
      <Text tone="muted">{t('favouritesProfile:intro')}</Text>
      {content}
      <CalendarFeedPanel />
    </Stack>
  );
}
