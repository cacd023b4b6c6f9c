import { createVideoTracker } from '@grandstand/analytics';
import type { VodMediaItemDetail } from '@grandstand/contract';
import { formatDate, useTranslation } from '@grandstand/i18n';
import { Player, playerLabelsOf, PlayerStage, usePlaybackTracking, usePreroll } from '@grandstand/player';
import { channelApi, selectIsLoggedIn, useAppSelector, useClientStorage, useMarkPrerollSeenMutation, useStreamRenewal } from '@grandstand/store';
import { AccessPanel, EmptyState, ErrorPanel, Loader, PageTitle } from '@grandstand/ui';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import styled from 'styled-components';
import { useGetVodMediaItemQuery } from '../../vodApi.ts';
import { formatDuration, itemDay, posterOf } from '../display.ts';
import { vodStreamInfo } from '../streamInfo.ts';

/**
 * `/vod_library?vod_id=N`: the item above the library: the shared player with its stream (after a
 * preroll `for_vod`, spec §4), or, when the viewer may not watch, what to do about it (spec §6).
 */
export function VodItemView({ itemId }: { itemId: number }) {
  const { t } = useTranslation(['vodLibrary', 'errors']);
  const { data: item, error, isLoading, refetch } = useGetVodMediaItemQuery(itemId);
  // The stream address is short-lived: asked for again at half-life, and gone (the access panel
  // instead of the player) once the viewer may no longer watch.
  const renewStream = useStreamRenewal(item?.stream, refetch);

  if (isLoading || (!item && !error)) return <Loader label={t('vodLibrary:item.loading')} />;
  if (!item) {
    if (error && 'status' in error && (error.status === 404 || error.status === 400)) {
      return (
        <>
          <PageTitle>{t('vodLibrary:title')}</PageTitle>
          <EmptyState title={t('vodLibrary:item.notFound')} message={t('vodLibrary:item.notFoundMessage')} />
        </>
      );
    }
    return <ErrorPanel title={t('vodLibrary:item.loadFailed')} message={t('errors:pageError')} actionLabel={t('vodLibrary:item.retry')} onAction={() => void refetch()} />;
  }
  return <ItemDetail key={item.id} item={item} onStreamError={renewStream} />;
}

/** An on-demand item's place and sports for choosing a preroll: none. */
const NO_TARGET = { location_id: null, categories: [] };

/** `onStreamError`: the stream failed, perhaps for its expired address: a new one is asked for. */
function ItemDetail({ item, onStreamError }: { item: VodMediaItemDetail; onStreamError: () => void }) {
  const { t, i18n } = useTranslation('vodLibrary');
  const heading = useRef<HTMLHeadingElement>(null);
  // A card chosen far down the library opens the item at the top: focus (and the reader) go there.
  useEffect(() => heading.current?.focus(), []);
  return (
    <Section aria-labelledby={`vod-item-${item.id}`}>
      {/* The title first: focus lands on it, and the next Tab reaches the player or the access panel. */}
      <Title id={`vod-item-${item.id}`} ref={heading} tabIndex={-1}>
        {item.title}
      </Title>
      {item.stream ? (
        <PlayerStage>
          <ItemPlayer item={item} streamUrl={item.stream.url} onStreamError={onStreamError} />
        </PlayerStage>
      ) : (
        <PlayerStage variant="panel">
          <ItemAccessPanel item={item} />
        </PlayerStage>
      )}
      <Info>
        <Meta>
          <time dateTime={item.date}>{formatDate(itemDay(item.date), i18n.language, { dateStyle: 'long', timeZone: 'UTC' })}</time>
          <span>{t('card.duration', { duration: formatDuration(item.duration) })}</span>
          {item.category && <span>{item.category.name}</span>}
        </Meta>
        {item.description && <p>{item.description}</p>}
      </Info>
    </Section>
  );
}

function ItemPlayer({ item, streamUrl, onStreamError }: { item: VodMediaItemDetail; streamUrl: string; onStreamError: () => void }) {
  const { t } = useTranslation(['vodLibrary', 'errors']);
  const storage = useClientStorage();
  const { data: settings } = channelApi.useGetSettingsQuery();
  // spec §4, as for events: the prerolls the server handed out with the stream (none for a viewer
  // holding no_ads, spec §6), once the settings say how long a played one stays hidden.
  const prerollSettings = useMemo(() => (settings ? { prerolls: item.stream?.prerolls ?? [], preroll_time: settings.preroll_time } : undefined), [settings, item.stream?.prerolls]);
  // A logged-in viewer's played preroll is hidden for them and this item on every device.
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const [markSeen] = useMarkPrerollSeenMutation();
  const onSeen = useCallback((prerollId: number) => void markSeen({ preroll_id: prerollId, vod_id: item.id }), [markSeen, item.id]);
  const { preroll: picked, onPrerollEnded } = usePreroll({ settings: prerollSettings, subject: `vod:${item.id}`, target: NO_TARGET, live: false, storage, onSeen: loggedIn ? onSeen : undefined });
  const labels = useMemo(() => playerLabelsOf((name) => (name === 'error' ? t('errors:playerError') : t(`vodLibrary:player.${name}`))), [t]);
  // spec §7: one viewing of this item, its video events and watch time under one id (a renewed
  // stream address is the same viewing: made from the item's id and tags, not its answer).
  const league = settings?.name;
  const category = item.category?.name;
  const video = useMemo(() => createVideoTracker(vodStreamInfo({ id: item.id, title: item.title, category, league })), [item.id, item.title, category, league]);
  const tracking = usePlaybackTracking(video, onStreamError);
  // Until the settings say whether a preroll plays, the stage holds its place.
  if (picked === undefined) return <Loader label={t('vodLibrary:item.loading')} />;
  const poster = posterOf(item);
  return (
    <Player
      src={streamUrl}
      streamId={`vod/${item.id}`}
      live={false}
      title={item.title}
      labels={labels}
      autoPlay
      {...(poster ? { poster: poster.src } : {})}
      {...(picked ? { prerollSrc: picked.url } : {})}
      onPrerollEnded={onPrerollEnded}
      {...tracking}
    />
  );
}

/**
 * spec §6: what stands between the viewer and the item: log in, a pass, or a pass that ended; or,
 * whatever the item, their region (spec §3 Geo) or a suspension by the channel (no `watch`), said with support's reason.
 */
function ItemAccessPanel({ item }: { item: VodMediaItemDetail }) {
  const { t } = useTranslation(['vodLibrary', 'errors']);
  const back = new URLSearchParams({ vod_id: String(item.id) });
  switch (item.locked) {
    case 'geo':
      return <AccessPanel title={t('vodLibrary:item.barred')} message={t('errors:geoBlocked')} titleHidden />;
    case 'suspended': {
      const reason = item.refusal?.reason;
      const message = reason ? `${t('errors:viewerSuspended')} ${t('errors:viewerSuspendedReason', { reason })}` : t('errors:viewerSuspended');
      return <AccessPanel title={t('vodLibrary:item.barred')} message={message} titleHidden />;
    }
    case 'login':
      return (
        <AccessPanel
          title={t('item.login.title')}
          message={t('item.login.message')}
          actions={[
            { href: `/login?${back}`, label: t('item.login.login') },
            { href: `/registration?${back}`, label: t('item.login.register'), variant: 'secondary' },
          ]}
        />
      );
    case 'expired':
      // spec §6: the product's words for a lapsed on-demand access (VOD_MESSAGES.expiredAccess).
      return <AccessPanel title={t('item.expired.title')} message={t('item.expired.message')} actions={[{ href: '/packages', label: t('item.expired.buy') }]} />;
    default:
      return <AccessPanel title={t('item.vodMedia.title')} message={t('item.vodMedia.message')} actions={[{ href: '/packages', label: t('item.vodMedia.buy') }]} />;
  }
}

const Section = styled.article`
  display: grid;
  gap: var(--gs-space-md);
`;

/** Focused when the item opens, for a screen reader to start there: a heading is no control, so no ring. */
const Title = styled.h1`
  margin: 0;

  &:focus {
    outline: none;
  }
`;

const Info = styled.div`
  display: grid;
  gap: var(--gs-space-xs);

  p {
    margin: 0;
  }
`;

const Meta = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: var(--gs-space-xs) var(--gs-space-md);
  color: var(--gs-muted-text);
`;
