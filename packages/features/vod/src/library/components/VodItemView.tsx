import type { VodMediaItemDetail } from '@grandstand/contract';
import { formatDate, useTranslation } from '@grandstand/i18n';
import { Player, type PlayerLabels } from '@grandstand/player';
import { channelApi, useClientStorage, useStreamRenewal } from '@grandstand/store';
import { ButtonLink, EmptyState, ErrorPanel, Loader, PageTitle } from '@grandstand/ui';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import styled from 'styled-components';
import { useGetVodMediaItemQuery } from '../../vodApi.ts';
import { formatDuration, itemDay, posterOf } from '../display.ts';
import { pickVodPreroll, vodPrerollSeenKey } from '../prerolls.ts';

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
      <Stage>{item.stream ? <ItemPlayer item={item} streamUrl={item.stream.url} onStreamError={onStreamError} /> : <AccessPanel item={item} />}</Stage>
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
  // Picked once, when the settings are in: a re-render must not swap the preroll mid-play.
  const [picked, setPicked] = useState<{ url: string; id: number } | null | undefined>(undefined);
  if (picked === undefined && settings) {
    setPicked(pickVodPreroll(settings.prerolls, (id) => storage.get(vodPrerollSeenKey(item.id, id)) === true));
  }
  const onPrerollEnded = useCallback(
    ({ completed }: { completed: boolean }) => {
      if (completed && picked && settings) storage.set(vodPrerollSeenKey(item.id, picked.id), true, settings.preroll_time);
    },
    [item.id, picked, settings, storage],
  );
  const labels: PlayerLabels = useMemo(
    () => ({
      player: t('vodLibrary:player.player'),
      play: t('vodLibrary:player.play'),
      pause: t('vodLibrary:player.pause'),
      seek: t('vodLibrary:player.seek'),
      volume: t('vodLibrary:player.volume'),
      mute: t('vodLibrary:player.mute'),
      unmute: t('vodLibrary:player.unmute'),
      fullscreen: t('vodLibrary:player.fullscreen'),
      exitFullscreen: t('vodLibrary:player.exitFullscreen'),
      live: t('vodLibrary:player.live'),
      backToLive: t('vodLibrary:player.backToLive'),
      quality: t('vodLibrary:player.quality'),
      qualityAuto: t('vodLibrary:player.qualityAuto'),
      ad: t('vodLibrary:player.ad'),
      loading: t('vodLibrary:player.loading'),
      error: t('errors:playerError'),
      retry: t('vodLibrary:player.retry'),
    }),
    [t],
  );
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
      onError={onStreamError}
    />
  );
}

/** spec §6: what stands between the viewer and the item: log in, a pass, or a pass that ended. */
function AccessPanel({ item }: { item: VodMediaItemDetail }) {
  const { t } = useTranslation('vodLibrary');
  const back = new URLSearchParams({ vod_id: String(item.id) });
  switch (item.locked) {
    case 'login':
      return (
        <Panel role="group" aria-labelledby={`vod-access-${item.id}`}>
          <h2 id={`vod-access-${item.id}`}>{t('item.login.title')}</h2>
          <p>{t('item.login.message')}</p>
          <Actions>
            <ButtonLink href={`/login?${back}`}>{t('item.login.login')}</ButtonLink>
            <ButtonLink href={`/registration?${back}`} variant="secondary">
              {t('item.login.register')}
            </ButtonLink>
          </Actions>
        </Panel>
      );
    case 'expired':
      return (
        <Panel role="group" aria-labelledby={`vod-access-${item.id}`}>
          {/* spec §6: the product's words for a lapsed on-demand access (VOD_MESSAGES.expiredAccess). */}
          <h2 id={`vod-access-${item.id}`}>{t('item.expired.title')}</h2>
          <p>{t('item.expired.message')}</p>
          <Actions>
            <ButtonLink href="/packages">{t('item.expired.buy')}</ButtonLink>
          </Actions>
        </Panel>
      );
    default:
      return (
        <Panel role="group" aria-labelledby={`vod-access-${item.id}`}>
          <h2 id={`vod-access-${item.id}`}>{t('item.vodMedia.title')}</h2>
          <p>{t('item.vodMedia.message')}</p>
          <Actions>
            <ButtonLink href="/packages">{t('item.vodMedia.buy')}</ButtonLink>
          </Actions>
        </Panel>
      );
  }
}

const Section = styled.article`
  display: grid;
  gap: var(--gs-space-md);
`;

const Stage = styled.div`
  position: relative;
  display: grid;
  aspect-ratio: 16 / 9;
  width: 100%;
  overflow: hidden;
  border-radius: var(--gs-radius-md);
  background: var(--gs-surface);
  color: var(--gs-surface-text);
`;

const Panel = styled.div`
  display: grid;
  align-content: center;
  justify-items: center;
  gap: var(--gs-space-sm);
  padding: var(--gs-space-lg);
  text-align: center;

  h2,
  p {
    margin: 0;
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: var(--gs-space-sm);
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
