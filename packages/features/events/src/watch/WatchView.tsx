import { createVideoTracker } from '@grandstand/analytics';
import type { EventDetail } from '@grandstand/contract';
import { formatEventDateTime, useTranslation } from '@grandstand/i18n';
import { categoryLineage, EmbedFrame, Player, playerLabelsOf, PlayerStage, usePreroll } from '@grandstand/player';
import type { FirstFrameInfo, PlaybackEvent, PlayerHandle } from '@grandstand/player';
import { channelApi, selectIsLoggedIn, sharedApi, useAppDispatch, useAppSelector, useClientStorage, useGetEventQuery, useMarkPrerollSeenMutation, useStreamRenewal } from '@grandstand/store';
import { Badge, Button, ErrorPanel, Link, Loader } from '@grandstand/ui';
import { useCallback, useMemo, useRef, useState, type ComponentType } from 'react';
import { Navigate, useParams } from 'react-router';
import styled from 'styled-components';
import { eventSchools } from '../components/EventTile.tsx';
import { eventTitle } from '../display.ts';
import { FollowSlot } from '../extensions.tsx';
import { schoolPath, sportSchedulePath, teamSchedulePath } from '../links.ts';
import { useCatalog } from '../useCatalog.ts';
import { EventAccessPanel } from './AccessPanel.tsx';
import { Countdown } from './Countdown.tsx';
import { LiveSlate, liveSignalOf, useLiveRun } from './LiveSlate.tsx';
import { useLivePolling } from './livePolling.ts';
import { FIRST_FRAME_MARK, parseEventId } from './ids.ts';
import { streamInfo } from './streamInfo.ts';
import type { WatchActionProps } from './routes.ts';
import { prerollsFor } from './prerollsFor.ts';
import { DownloadRecording } from './DownloadRecording.tsx';
import { WatchPoll } from './poll/WatchPoll.tsx';


type Layout = 'page' | 'embed';
type WatchActions = ComponentType<WatchActionProps>;

/**
 * `/watch/{id}`: the player (or what stands before it) and the event's details (spec §2), with the
 * site's `WatchActions` (e.g. Clip) in the player's control bar.
 */
export function WatchView({ WatchActions }: { WatchActions?: WatchActions | undefined }) {
  return <WatchRoute layout="page" WatchActions={WatchActions} />;
}

/** A linked TV's page once its viewer chose a game (the device page): the watch page of that event. */
export function EventPlayer({ eventId }: { eventId: number }) {
  return <WatchEvent key={eventId} eventId={eventId} layout="page" />;
}

/** `/watch_embed/{id}`: the player alone, for iframes; the site renders it without header or footer. */
export function EmbedView() {
  return <WatchRoute layout="embed" />;
}

function WatchRoute({ layout, WatchActions }: { layout: Layout; WatchActions?: WatchActions | undefined }) {
  const { id } = useParams();
  const eventId = parseEventId(id);
  // A non-numeric or unknown event id ends on the 404 page.
  if (eventId === null) return <Navigate to="/404" replace />;
  return <WatchEvent key={eventId} eventId={eventId} layout={layout} WatchActions={WatchActions} />;
}

function WatchEvent({ eventId, layout, WatchActions }: { eventId: number; layout: Layout; WatchActions?: WatchActions | undefined }) {
  const { t, i18n } = useTranslation(['watch', 'errors']);
  const { t: tEvents } = useTranslation('events');
  // While the event is live or about to start, it is asked for again every few seconds: the camera
  // starting, dropping, coming back and the end reach a viewer already on the page.
  const selectCached = useMemo(() => sharedApi.endpoints.getEvent.select(eventId), [eventId]);
  const cached = useAppSelector(selectCached);
  const dispatch = useAppDispatch();
  const pollingInterval = useLivePolling(cached.data, () => dispatch(sharedApi.endpoints.getEvent.initiate(eventId, { subscribe: false, forceRefetch: true })));
  const { data: event, error, isLoading, refetch } = useGetEventQuery(eventId, { pollingInterval });
  // The stream address is short-lived: asked for again at half-life, and gone (the access panel
  // instead of the player) once the viewer may no longer watch.
  const renewStream = useStreamRenewal(event?.stream, refetch);
  const { data: settings } = channelApi.useGetSettingsQuery();

  if (error && 'status' in error && (error.status === 404 || error.status === 400)) return <Navigate to="/404" replace />;
  if (isLoading || (!event && !error)) return <Loader label={t('watch:loading')} />;
  if (!event) {
    return (
      <ErrorPanel title={t('errors:pageError')} message={t('watch:unavailable')} actionLabel={t('watch:retry')} onAction={() => void refetch()} />
    );
  }

  const title = eventTitle(event, tEvents);
  const stage = (
    <Stage
      event={event}
      title={title}
      currency={settings?.currency ?? 'USD'}
      language={i18n.language}
      prerolls={settings}
      onStart={refetch}
      onStreamError={renewStream}
      WatchActions={layout === 'page' ? WatchActions : undefined}
    />
  );
  if (layout === 'embed') {
    return (
      <EmbedFrame>
        <title>{title}</title>
        {stage}
      </EmbedFrame>
    );
  }
  return (
    <Page>
      <title>{title}</title>
      {stage}
      {/* spec §6 download: a finished game's recording to keep, for a viewer who holds the capability. */}
      <DownloadRecording event={event} />
      {/* A TV linked with a code plays this game (spec §1); only where the channel links devices, and
          only to a viewer who may watch it: the TV would show the same refusal (a pass to buy, a
          suspended account, a blocked region). */}
      {settings && settings.auth.device_linking !== 0 && !event.cancelled && event.access.allowed && (
        <TvLink href={`/profile/sessions/add?${new URLSearchParams({ event: String(event.id) })}`}>{t('watch:tv')}</TvLink>
      )}
      {/* Beside the player: the producer's poll, followed while the event may still change. */}
      <WatchPoll eventId={event.id} following={!event.cancelled && event.stream_status !== 'finished'} />
      <Details event={event} title={title} language={i18n.language} />
    </Page>
  );
}

interface StageProps {
  event: EventDetail;
  title: string;
  currency: string;
  language: string;
  /** The channel's settings: how long a played preroll stays hidden (the prerolls come with the stream). */
  prerolls: { preroll_time: number } | undefined;
  onStart: () => unknown;
  /** The stream failed: perhaps its address expired (a page throttled in the background), so a new one is asked for. */
  onStreamError: () => void;
  WatchActions?: WatchActions | undefined;
}

/** What fills the 16:9 stage: the player, a countdown, or the access panel. */
function Stage({ event, title, currency, language, prerolls, onStart, onStreamError, WatchActions }: StageProps) {
  const { t } = useTranslation(['watch', 'errors']);
  const storage = useClientStorage();
  const { data: categories = [] } = channelApi.useGetEventCategoriesQuery();
  const { data: settings } = channelApi.useGetSettingsQuery();
  const catalog = useCatalog();
  const stream = event.stream;
  // Decided when the stage first shows: a stream that starts later (the countdown's end) plays without one.
  const [prerollSettings] = useState(() => prerollsFor(event, prerolls));
  // spec §4: a logged-in viewer's played preroll is hidden for them and this event on every device.
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const [markSeen] = useMarkPrerollSeenMutation();
  const onSeen = useCallback((prerollId: number) => void markSeen({ preroll_id: prerollId, event_id: event.id }), [markSeen, event.id]);
  const { preroll, onPrerollEnded } = usePreroll({
    settings: prerollSettings,
    onSeen: loggedIn ? onSeen : undefined,
    subject: String(event.id),
    target: { location_id: event.location_id, categories: event.event_category_id === null ? [] : (categoryLineage(categories).get(event.event_category_id) ?? [event.event_category_id]) },
    live: stream?.live ?? false,
    storage,
  });
  const labels = useMemo(() => playerLabelsOf((name) => (name === 'error' ? t('errors:playerError') : t(`watch:player.${name}`))), [t]);
  // spec §7: one viewing of this stream, its video events and watch time under one id. Made per
  // stream (live, then its recording, is a new viewing; a renewed address of the same stream is
  // not); the tags are read when it starts, the catalog having come with the site's startup.
  const hasStream = stream !== null;
  const video = useMemo(
    () => (stream ? createVideoTracker(streamInfo(event, stream, title, catalog, settings?.name)) : null),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [hasStream, stream?.live],
  );
  const signal = liveSignalOf(event);
  const { run, onFirstFrame: onRunFirstFrame } = useLiveRun(signal);
  // A viewing's first frame is its first playback's: the new playback after the camera came back is not another.
  const firstFrameOf = useRef<unknown>(null);
  const onFirstFrame = useCallback(
    ({ ms }: FirstFrameInfo) => {
      if (performance.getEntriesByName(FIRST_FRAME_MARK).length === 0) performance.mark(FIRST_FRAME_MARK);
      if (firstFrameOf.current !== video) {
        firstFrameOf.current = video;
        video?.firstFrame(ms);
      }
      onRunFirstFrame();
    },
    [video, onRunFirstFrame],
  );
  const onPlaybackEvent = useCallback((playback: PlaybackEvent) => video?.event(playback), [video]);
  const onViewingTime = useCallback((seconds: number) => video?.viewing(seconds), [video]);
  const onError = useCallback(
    (error: unknown) => {
      video?.event('error', error instanceof Error ? error.message : String((error as { code?: unknown } | null)?.code ?? error));
      onStreamError();
    },
    [video, onStreamError],
  );

  const actions = useMemo(() => (WatchActions ? (player: PlayerHandle) => <WatchActions event={event} player={player} /> : undefined), [WatchActions, event]);

  if (event.cancelled) {
    // The channel called it off: nothing to watch, wait for or buy.
    return (
      <PlayerStage variant="panel">
        <Badge>{t('watch:cancelled')}</Badge>
        <p>{t('watch:cancelledMessage')}</p>
      </PlayerStage>
    );
  }
  if (stream) {
    return (
      <PlayerStage>
        <LiveSlate signal={signal}>
          <Player
            // A new playback at the live edge when the camera comes back (see useLiveRun).
            key={run}
            src={stream.url}
            streamId={`event/${event.id}`}
            live={stream.live}
            title={title}
            labels={labels}
            autoPlay
            prerollSrc={preroll?.url}
            onFirstFrame={onFirstFrame}
            onPlaybackEvent={onPlaybackEvent}
            onViewingTime={onViewingTime}
            onError={onError}
            onPrerollEnded={onPrerollEnded}
            actions={actions}
          />
        </LiveSlate>
      </PlayerStage>
    );
  }
  if (event.access.allowed && event.stream_status === 'upcoming') {
    const when = formatEventDateTime(event.event_utc_ts, event.time_zone, language).full;
    return (
      <PlayerStage variant="panel">
        <Badge>{t('watch:upcoming')}</Badge>
        <p>{t('watch:startsAt', { when })}</p>
        <Countdown startsAt={event.event_utc_ts} onStart={() => void onStart()} />
      </PlayerStage>
    );
  }
  if (!event.access.allowed) {
    return (
      <PlayerStage variant="panel">
        <EventAccessPanel event={event} currency={currency} language={language} />
      </PlayerStage>
    );
  }
  return (
    <PlayerStage variant="panel">
      <p>{t('watch:unavailable')}</p>
      <Button onClick={() => void onStart()}>{t('watch:retry')}</Button>
    </PlayerStage>
  );
}

function Details({ event, title, language }: { event: EventDetail; title: string; language: string }) {
  const { t } = useTranslation('watch');
  const catalog = useCatalog();
  const when = formatEventDateTime(event.event_utc_ts, event.time_zone, language).full;
  const teams = event.participants;
  const schools = eventSchools(event, catalog);
  const status = event.cancelled ? t('cancelled') : event.stream_status === 'live' ? t('live') : event.stream_status === 'upcoming' ? t('upcoming') : t('onDemand');
  return (
    <Info>
      <Heading>
        <Badge tone={event.stream_status === 'live' && !event.cancelled ? 'live' : 'neutral'}>{status}</Badge>
        <h1>{title}</h1>
      </Heading>
      <Facts>
        <div>
          <dt>{t('details.when')}</dt>
          <dd>{when}</dd>
        </div>
        {event.location && (
          <div>
            <dt>{t('details.where')}</dt>
            <dd>{[event.location.name, event.location.city, event.location.state].filter(Boolean).join(', ')}</dd>
          </div>
        )}
        {event.category && (
          <div>
            <dt>{t('details.sport')}</dt>
            <dd>
              <Followable>
                <Link href={sportSchedulePath(event.category)}>{event.category.name}</Link>
                <FollowSlot kind="category" id={event.category.id} name={event.category.name} />
              </Followable>
            </dd>
          </div>
        )}
        {teams.length > 0 && (
          <div>
            <dt>{t('details.teams')}</dt>
            <dd>
              {teams.map((team) => (
                <Followable key={team.id}>
                  <Link href={teamSchedulePath({ alias: null, name: team.name })}>{team.name}</Link>
                  <FollowSlot kind="participant" id={team.id} name={team.name} />
                </Followable>
              ))}
            </dd>
          </div>
        )}
        {schools.length > 0 && (
          <div>
            <dt>{t('details.schools')}</dt>
            <dd>
              {schools.map((school) => (
                <Followable key={school.id}>
                  <Link href={schoolPath(school)}>{school.name}</Link>
                  <FollowSlot kind="group" id={school.id} name={school.name} />
                </Followable>
              ))}
            </dd>
          </div>
        )}
      </Facts>
      {event.description && <p>{event.description}</p>}
    </Info>
  );
}

/**
 * The page is as wide as a 16:9 stage that fits the screen's height as well as its width: on a
 * laptop (1366×768) a stage 1200px wide was taller than what is left under the header, so the
 * player's controls and the title were below the fold (and the consent notice sat on the controls).
 * Never narrower than 32rem of stage, so a phone on its side still gets a picture worth watching
 * (its full screen is a tap away); 1200px where the browser has no `svh`. Its one track of
 * minmax(0, 1fr) keeps wide content (a countdown, long names) from widening it.
 */
const Page = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: var(--gs-space-lg);
  max-width: 1200px;
  max-width: min(1200px, calc(max(32rem, (100svh - 12rem) * 16 / 9) + 2 * var(--gs-space-md)));
  margin: 0 auto;
  padding: var(--gs-space-lg) var(--gs-space-md);
`;

/** Under the player, on its own line, large enough to tap (WCAG 2.5.8). */
const TvLink = styled(Link)`
  justify-self: start;
  display: inline-flex;
  align-items: center;
  min-height: 44px;
  color: var(--gs-link);
`;

const Info = styled.section`
  display: grid;
  gap: var(--gs-space-md);
`;

const Heading = styled.div`
  display: grid;
  justify-items: start;
  gap: var(--gs-space-sm);

  h1 {
    margin: 0;
    font-size: var(--gs-font-size-xl);
  }
`;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(14rem, 1fr));
  gap: var(--gs-space-md);
  margin: 0;

  dt {
    font-size: var(--gs-font-size-sm);
    color: var(--gs-muted-text);
  }
  dd {
    display: flex;
    flex-wrap: wrap;
    gap: var(--gs-space-xs) var(--gs-space-md);
    margin: 0;
  }
  a {
    color: var(--gs-link);
  }
`;

/** A team, school or sport with its follow control beside its link (not inside it). */
const Followable = styled.span`
  display: inline-flex;
  align-items: center;
  gap: var(--gs-space-xs);
`;
