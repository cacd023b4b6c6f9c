import { createVideoTracker } from '@grandstand/analytics';
import { useTranslation } from '@grandstand/i18n';
import { EmbedFrame, formatTime, Player, PlayerStage, usePlaybackTracking } from '@grandstand/player';
import { channelApi, useStreamRenewal } from '@grandstand/store';
import { Badge, ButtonLink, ErrorPanel, Link, Loader, Page } from '@grandstand/ui';
import { useMemo } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import styled from 'styled-components';
import { useGetClipOptionsQuery } from '../../clipsApi.ts';
import { useGetSharedClipQuery } from '../clipsLibraryApi.ts';
import { TagList } from '../components/TagList.ts';
import { eventTitle, playerLabels } from '../display.ts';
import { CLIPS_LIBRARY_PATHS, parseClipUuid, parseEventId } from '../paths.ts';
import { sharedClipForViewersOnly, sharedClipNotFound } from '../sharedClip.ts';
import { clipStreamInfo, joinedTeams } from '../streamInfo.ts';

type Layout = 'page' | 'embed';

/** spec §2 `/share/{id}/{uuid}`: a ready clip for anyone with the link, its game and the way to the whole game. */
export function SharePage() {
  return <ShareRoute layout="page" />;
}

/**
 * `/share_embed/{id}/{uuid}`: the clip's player alone, for iframes: the page a link preview's
 * player card (`twitter:player`) frames. The site renders it without header or footer.
 */
export function ShareEmbedPage() {
  return <ShareRoute layout="embed" />;
}

function ShareRoute({ layout }: { layout: Layout }) {
  const params = useParams();
  const eventId = parseEventId(params.id);
  const uuid = parseClipUuid(params.uuid);
  if (eventId === null || uuid === null) return <Navigate to="/404" replace />;
  return <SharedClipView key={uuid} eventId={eventId} uuid={uuid} layout={layout} />;
}

function SharedClipView({ eventId, uuid, layout }: { eventId: number; uuid: string; layout: Layout }) {
  const { t } = useTranslation(['clipsLibrary', 'common', 'errors']);
  const { data: clip, error, isLoading, refetch } = useGetSharedClipQuery(uuid);
  // A paid game's clip plays under a short-lived address: asked for again at half-life, and on a
  // player error (an address expired meanwhile). A free game's is public and never renewed.
  const lifetime = clip?.stream_expires_in ?? null;
  const renewal = useMemo(() => (lifetime === null ? null : { expires_in: lifetime }), [lifetime]);
  const renewStream = useStreamRenewal(renewal, refetch);
  const labels = useMemo(() => playerLabels(t), [t]);
  const navigate = useNavigate();
  // The channel's tag names (GET /clips/options answers visitors too); the embed shows no tags.
  const { data: options } = useGetClipOptionsQuery(eventId, { skip: layout === 'embed' });
  // spec §7: one viewing of this clip, its video events and watch time under one id, tagged with
  // its game's sport and teams (the categories and settings came with the site's startup).
  const { data: categories } = channelApi.useGetEventCategoriesQuery();
  const { data: settings } = channelApi.useGetSettingsQuery();
  const clipId = clip?.id;
  const clipName = clip?.name;
  const category = categories?.find((known) => known.id === clip?.event.event_category_id)?.name;
  const team = joinedTeams(clip?.event.participants.map((participant) => participant.name) ?? []);
  const league = settings?.name;
  const video = useMemo(
    () => (clipId === undefined || clipName === undefined ? null : createVideoTracker(clipStreamInfo({ id: clipId, name: clipName, category, team, league }))),
    [clipId, clipName, category, team, league],
  );
  const tracking = usePlaybackTracking(video, renewStream);

  if (sharedClipNotFound(eventId, clip, error)) return <Navigate to="/404" replace />;
  if (isLoading || (!clip && !error)) return <Loader label={t('clipsLibrary:share.loading')} />;
  if (!clip && sharedClipForViewersOnly(error)) {
    return (
      <ErrorPanel
        title={t('clipsLibrary:share.paidEventTitle')}
        message={t('clipsLibrary:share.paidEvent')}
        actionLabel={t('clipsLibrary:share.paidEventAction')}
        onAction={() => void navigate(CLIPS_LIBRARY_PATHS.watch(eventId))}
      />
    );
  }
  if (!clip) {
    return (
      <ErrorPanel
        title={t('errors:pageError')}
        message={t('clipsLibrary:share.unavailable')}
        actionLabel={t('clipsLibrary:share.retry')}
        onAction={() => void refetch()}
      />
    );
  }

  const game = eventTitle(clip.event, t);
  const watchPath = CLIPS_LIBRARY_PATHS.watch(clip.event_id);
  // The same streamId across renewals: a renewed address plays on without a reload.
  const player = (
    <Player
      src={clip.stream_url}
      streamId={`clip/${clip.uuid}`}
      live={false}
      title={clip.name}
      labels={labels}
      poster={clip.poster.src}
      {...tracking}
    />
  );
  if (layout === 'embed') {
    return (
      <EmbedFrame>
        <title>{`${clip.name} — ${game}`}</title>
        {player}
      </EmbedFrame>
    );
  }
  return (
    <Page width="full" gap="lg">
      <title>{`${clip.name} — ${game}`}</title>
      <PlayerStage>{player}</PlayerStage>
      <Info>
        <h1>{clip.name}</h1>
        <p>
          {t('clipsLibrary:share.clipOf')} <Link href={watchPath}>{game}</Link>
          {' · '}
          <span>{formatTime(clip.duration)}</span>
        </p>
        {clip.tags.length > 0 && (
          <TagList aria-label={t('clipsLibrary:clip.tags')}>
            {clip.tags.map((tag) => (
              <li key={tag}>
                <Badge>{options?.tags.find((known) => known.id === tag)?.name ?? tag}</Badge>
              </li>
            ))}
          </TagList>
        )}
        <div>
          <ButtonLink href={watchPath}>{t('clipsLibrary:share.watchWhole')}</ButtonLink>
        </div>
      </Info>
    </Page>
  );
}

const Info = styled.section`
  display: grid;
  justify-items: start;
  gap: var(--gs-space-sm);

  h1 {
    margin: 0;
    font-size: var(--gs-font-size-xl);
    overflow-wrap: anywhere;
  }

  p {
    margin: 0;
  }

  p a {
    color: var(--gs-link);
  }
`;
