import { useErrorText, useTranslation } from '@grandstand/i18n';
import { useAppSelector } from '@grandstand/store';
import { ButtonLink, EmptyState, ErrorPanel, Loader, Pagination, SectionTitle, Stack } from '@grandstand/ui';
import { useEffect, useId, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { onStore } from '../../clipsApi.ts';
import { clipsLibraryApi, useGetUserClipsQuery } from '../clipsLibraryApi.ts';
import type { OpenUrl } from '../components/ClipCard.tsx';
import { ClipList } from '../components/ClipList.tsx';
import { pollingFor } from '../usePolledClips.ts';

/** Clips on one page of the profile's list. */
export const CLIPS_PAGE_SIZE = 12;

/** Where a viewer with no clips goes to find a game: home lists live and on-demand games. */
const FIND_GAME_PATH = '/';

export interface ProfileClipsPageProps {
  /** Where a download address is opened; the browser's location by default. */
  openUrl?: OpenUrl;
}

function pageFrom(raw: string | null): number {
  const page = Number.parseInt(raw ?? '', 10);
  return Number.isSafeInteger(page) && page > 0 ? page : 1;
}

/**
 * `/profile/clips` (spec §2 profile children): the viewer's clips, newest first, a page at a time
 * (`?page=`), each with its status; polled every 2 s while one is still being cut (spec §4).
 */
export function ProfileClipsPage({ openUrl }: ProfileClipsPageProps) {
  const { t } = useTranslation(['clipsLibrary', 'errors']);
  const errorText = useErrorText();
  const titleId = useId();
  const titleRef = useRef<HTMLHeadingElement>(null);
  const [params, setParams] = useSearchParams();
  const page = pageFrom(params.get('page'));
  const args = useMemo(() => ({ offset: (page - 1) * CLIPS_PAGE_SIZE, limit: CLIPS_PAGE_SIZE }), [page]);
  const selectCached = useMemo(() => clipsLibraryApi.endpoints.getUserClips.select(args), [args]);
  const cached = useAppSelector(onStore(selectCached)).data;
  const { data, error, isLoading, isFetching, refetch } = useGetUserClipsQuery(args, { pollingInterval: pollingFor(cached?.data) });
  const clips = data?.data ?? [];
  const pageCount = data ? Math.max(1, Math.ceil(data.meta.total / CLIPS_PAGE_SIZE)) : 1;

  const goTo = (next: number) => {
    setParams(next > 1 ? { page: String(next) } : {});
    titleRef.current?.focus();
  };

  // Deleting the last clip of the last page leaves it empty: show the page before it.
  const emptiedPage = data !== undefined && clips.length === 0 && page > pageCount;
  useEffect(() => {
    if (emptiedPage) setParams(pageCount > 1 ? { page: String(pageCount) } : {}, { replace: true });
  }, [emptiedPage, pageCount, setParams]);

  let content;
  if (isLoading) content = <Loader label={t('clipsLibrary:profile.loading')} />;
  else if (error && !data)
    content = (
      <ErrorPanel
        title={t('clipsLibrary:profile.loadFailed')}
        message={errorText(error)}
        actionLabel={t('clipsLibrary:profile.retry')}
        onAction={() => void refetch()}
        actionDisabled={isFetching}
      />
    );
  else if (clips.length === 0 && !emptiedPage)
    content = (
      <EmptyState
        title={t('clipsLibrary:profile.emptyTitle')}
        message={t('clipsLibrary:profile.emptyMessage')}
        headingLevel={3}
        action={<ButtonLink href={FIND_GAME_PATH}>{t('clipsLibrary:profile.findGame')}</ButtonLink>}
      />
    );
  else
    content = (
      <>
        <ClipList
          clips={clips}
          label={t('clipsLibrary:profile.listLabel')}
          headingLevel={3}
          linkEventClips
          // The card is gone: keep keyboard and screen-reader users on the list.
          onDeleted={() => titleRef.current?.focus()}
          {...(openUrl ? { openUrl } : {})}
        />
        <Pagination
          page={Math.min(page, pageCount)}
          pageCount={pageCount}
          onPageChange={goTo}
          label={t('clipsLibrary:profile.pages')}
          previousLabel={t('clipsLibrary:profile.previous')}
          nextLabel={t('clipsLibrary:profile.next')}
          pageLabel={(number) => t('clipsLibrary:profile.page', { page: number })}
        />
      </>
    );

  return (
    <Stack as="section" aria-labelledby={titleId}>
      <SectionTitle id={titleId} ref={titleRef} tabIndex={-1}>
        {t('clipsLibrary:profile.title')}
      </SectionTitle>
      {content}
    </Stack>
  );
}
