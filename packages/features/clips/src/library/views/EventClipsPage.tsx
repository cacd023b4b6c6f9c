import { useErrorText, useTranslation } from '@grandstand/i18n';
import { useAppSelector, useGetEventQuery } from '@grandstand/store';
import { ButtonLink, EmptyState, ErrorPanel, Loader, Page } from '@grandstand/ui';
import { useMemo, useRef } from 'react';
import { Navigate, useParams } from 'react-router';
import styled from 'styled-components';
import { clipsApi, onStore, useGetEventClipsQuery } from '../../clipsApi.ts';
import type { OpenUrl } from '../components/ClipCard.tsx';
import { ClipList } from '../components/ClipList.tsx';
import { eventTitle } from '../display.ts';
import { CLIPS_LIBRARY_PATHS, parseEventId } from '../paths.ts';
import { pollingFor } from '../usePolledClips.ts';

export interface EventClipsPageProps {
  /** Where a download address is opened; the browser's location by default. */
  openUrl?: OpenUrl;
}

function isNotFound(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'status' in error && (error.status === 404 || error.status === 400);
}

/** spec §2 `/watch_library/{id}`: the viewer's clips of one event, with the game's title and a way back to it. */
export function EventClipsPage({ openUrl }: EventClipsPageProps) {
  const { id } = useParams();
  const eventId = parseEventId(id);
  if (eventId === null) return <Navigate to="/404" replace />;
  return <EventClips key={eventId} eventId={eventId} {...(openUrl ? { openUrl } : {})} />;
}

function EventClips({ eventId, openUrl }: { eventId: number; openUrl?: OpenUrl }) {
  const { t } = useTranslation(['clipsLibrary', 'common', 'errors']);
  const errorText = useErrorText();
  const titleRef = useRef<HTMLHeadingElement>(null);
  const event = useGetEventQuery(eventId);
  const selectCached = useMemo(() => clipsApi.endpoints.getEventClips.select(eventId), [eventId]);
  const cached = useAppSelector(onStore(selectCached)).data;
  const { data, error, isLoading, isFetching, refetch } = useGetEventClipsQuery(eventId, { pollingInterval: pollingFor(cached?.data) });

  if (isNotFound(event.error) || isNotFound(error)) return <Navigate to="/404" replace />;
  // The title comes from the event, or from its clips while the event is still on its way.
  const source = event.data ?? data?.data[0]?.event;
  if (!source && (event.isLoading || isLoading)) return <Loader label={t('clipsLibrary:event.loading')} />;
  // Without the event (it could not be loaded), the heading still says whose clips these are.
  const heading = source ? t('clipsLibrary:event.title', { event: eventTitle(source, t) }) : t('clipsLibrary:event.listLabel');
  const clips = data?.data ?? [];

  let content;
  if (isLoading) content = <Loader label={t('clipsLibrary:event.loading')} />;
  else if (error && !data)
    content = (
      <ErrorPanel
        title={t('clipsLibrary:event.loadFailed')}
        message={errorText(error)}
        actionLabel={t('clipsLibrary:event.retry')}
        onAction={() => void refetch()}
        actionDisabled={isFetching}
      />
    );
  else if (clips.length === 0)
    content = (
      <EmptyState
        title={t('clipsLibrary:event.emptyTitle')}
        message={t('clipsLibrary:event.emptyMessage')}
        action={<ButtonLink href={CLIPS_LIBRARY_PATHS.watch(eventId)}>{t('clipsLibrary:event.watchGame')}</ButtonLink>}
      />
    );
  else
    content = (
      <ClipList
        clips={clips}
        label={t('clipsLibrary:event.listLabel')}
        headingLevel={2}
        onDeleted={() => titleRef.current?.focus()}
        {...(openUrl ? { openUrl } : {})}
      />
    );

  return (
    <Page width="full" gap="lg">
      <title>{heading}</title>
      <Header>
        <h1 ref={titleRef} tabIndex={-1}>
          {heading}
        </h1>
        {clips.length > 0 && (
          <ButtonLink href={CLIPS_LIBRARY_PATHS.watch(eventId)} variant="secondary">
            {t('clipsLibrary:event.watchGame')}
          </ButtonLink>
        )}
      </Header>
      {content}
    </Page>
  );
}

const Header = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: var(--gs-space-md);

  h1 {
    margin: 0;
    font-size: var(--gs-font-size-xl);
    outline: none;
  }
`;
