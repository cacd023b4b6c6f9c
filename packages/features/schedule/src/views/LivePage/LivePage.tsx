import type { ConsoleLive, LiveHealth, LiveState } from '@grandstand/contract';
import { LIVE_ERROR_CODES, LIVE_KEYFRAME_WARNING_S } from '@grandstand/contract';
import { useTranslation } from '@grandstand/i18n';
import { isApiError } from '@grandstand/store';
import { Badge, Button, Card, ErrorPanel, FormMessage, Loader, PageTitle, Popup, SectionTitle, Stack, Text, TextField } from '@grandstand/ui';
import { useId, useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import { ConsolePage } from '../../components/ConsolePage.ts';
import { Hidden } from '../../components/Hidden.ts';
import { useScheduleErrorText } from '../../errors.ts';
import { scheduleApi, useEndLiveMutation, useGetEventLiveQuery, useGetScheduleEventQuery, useRotateLiveKeyMutation, useTrimRecordingMutation } from '../../scheduleApi.ts';
import { useCanWriteEvents } from '../../useCanWriteEvents.ts';
import { BackLink } from '../EventFormPage/EventFormPage.tsx';
import { formatDuration, parseDuration } from './duration.ts';
import { Fields, Figures, Poster, TitleRow, TrimFields, Value, Warnings } from './LivePage.styles.ts';

/**
 * How often the screen asks again: every 2 s while a signal comes in, is lost or is being ended (the
 * health figures and a lost signal's countdown move), every 5 s while it waits for the camera or the
 * recording (so the producer sees the camera arrive), not at all once the recording is ready.
 */
export const LIVE_POLL_MS = { active: 2_000, waiting: 5_000 } as const;

function pollingOf(live: ConsoleLive | undefined): number {
  if (!live) return LIVE_POLL_MS.waiting;
  if (live.state === 'live' || live.state === 'lost' || live.state === 'ending') return LIVE_POLL_MS.active;
  if (live.state === 'idle' || live.recording.status === 'processing') return LIVE_POLL_MS.waiting;
  return 0;
}

/** A live screen's refusals, worded for the producer; the rest as the schedule words them. */
function useLiveErrorText(): (error: unknown) => string {
  const { t } = useTranslation('schedule');
  const scheduleText = useScheduleErrorText();
  return (error) => {
    if (isApiError(error)) {
      if (error.code === LIVE_ERROR_CODES.trimOutOfRange) return t('live.errors.outOfRange');
      if (error.code === LIVE_ERROR_CODES.notFinished) return t('live.errors.notFinished');
      if (error.code === LIVE_ERROR_CODES.notLive) return t('live.errors.notLive');
    }
    return scheduleText(error);
  };
}

type Outcome = { tone: 'success' | 'error'; text: string } | null;

/** An action's outcome under it: both live regions stay mounted so the text is announced when it arrives. */
function OutcomeMessages({ outcome }: { outcome: Outcome }) {
  return (
    <>
      <FormMessage tone="success">{outcome?.tone === 'success' ? outcome.text : ''}</FormMessage>
      <FormMessage tone="error">{outcome?.tone === 'error' ? outcome.text : ''}</FormMessage>
    </>
  );
}

/** The encoder's settings: Server and Stream key (hidden until asked) with copy buttons, SRT's absence, and a new key on request. */
function IngestDetails({ live, eventId }: { live: ConsoleLive; eventId: number }) {
  const { t } = useTranslation('schedule');
  const errorText = useLiveErrorText();
  const [shown, setShown] = useState(false);
  const [copied, setCopied] = useState<Outcome>(null);
  const [asking, setAsking] = useState(false);
  const [rotate, { isLoading: rotating }] = useRotateLiveKeyMutation();
  const keyId = useId();

  const copy = (text: string, done: string) => {
    // The Clipboard API may be absent (an insecure origin) or refused: the values stay selectable.
    const clipboard = typeof navigator === 'undefined' ? undefined : (navigator.clipboard as Clipboard | undefined);
    if (!clipboard) {
      setCopied({ tone: 'error', text: t('live.ingest.copyFailed') });
      return;
    }
    clipboard
      .writeText(text)
      .then(() => setCopied({ tone: 'success', text: done }))
      .catch(() => setCopied({ tone: 'error', text: t('live.ingest.copyFailed') }));
  };

  const onRotate = async () => {
    setAsking(false);
    const result = await rotate(eventId);
    if (result.error) setCopied({ tone: 'error', text: t('live.ingest.rotateFailed', { message: errorText(result.error) }) });
    else setCopied({ tone: 'success', text: t('live.ingest.rotated') });
  };

  return (
    <Card as="section" gap="md" aria-labelledby="live-ingest">
      <SectionTitle id="live-ingest">{t('live.ingest.title')}</SectionTitle>
      <Text>{t('live.ingest.intro')}</Text>
      <Fields>
        <div>
          <dt>{t('live.ingest.server')}</dt>
          <dd>
            <Value>{live.ingest.server}</Value>
            <Button size="sm" variant="secondary" aria-label={t('live.ingest.copyServer')} onClick={() => copy(live.ingest.server, t('live.ingest.copiedServer'))}>
              {t('live.ingest.copy')}
            </Button>
          </dd>
        </div>
        <div>
          <dt>{t('live.ingest.streamKey')}</dt>
          <dd>
            <Value id={keyId}>
              {shown ? live.ingest.streamKey : <span aria-hidden="true">{'•'.repeat(16)}</span>}
              {!shown && <Hidden> {t('live.ingest.hidden')}</Hidden>}
            </Value>
            <Button size="sm" variant="secondary" aria-label={shown ? t('live.ingest.hideKey') : t('live.ingest.showKey')} aria-controls={keyId} onClick={() => setShown(!shown)}>
              {shown ? t('live.ingest.hide') : t('live.ingest.show')}
            </Button>
            <Button size="sm" variant="secondary" aria-label={t('live.ingest.copyKey')} onClick={() => copy(live.ingest.streamKey, t('live.ingest.copiedKey'))}>
              {t('live.ingest.copy')}
            </Button>
          </dd>
        </div>
        <div>
          <dt>{t('live.ingest.srt')}</dt>
          <dd>{live.ingest.srt ? <Value>{live.ingest.srt}</Value> : <Text tone="muted">{t('live.ingest.noSrt')}</Text>}</dd>
        </div>
      </Fields>
      <Text tone="muted">{t('live.ingest.keyHint')}</Text>
      <div>
        <Button variant="secondary" loading={rotating} onClick={() => setAsking(true)}>
          {t('live.ingest.rotate')}
        </Button>
      </div>
      <OutcomeMessages outcome={copied} />
      <Popup
        open={asking}
        title={t('live.ingest.rotateTitle')}
        message={t('live.ingest.rotateMessage')}
        okLabel={t('live.ingest.rotateOk')}
        cancelLabel={t('confirm.keep')}
        onOk={() => void onRotate()}
        onCancel={() => setAsking(false)}
      />
    </Card>
  );
}

/** The incoming signal's figures while it is packaged, with the warnings a producer acts on. */
function Health({ live }: { live: ConsoleLive }) {
  const { t, i18n } = useTranslation('schedule');
  const numbers = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
  const whole = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 0 });
  const clock = new Intl.DateTimeFormat(i18n.language, { timeStyle: 'medium' });
  const health: LiveHealth | null = live.health;
  const active = live.state === 'live' || live.state === 'lost';
  const unknown = t('live.health.unknown');
  const keyframeSlow = health?.warnings.includes('keyframe_interval') ?? false;
  const bitrateLow = health?.warnings.includes('bitrate_drop') ?? false;

  let body;
  if (!health) body = <Text tone="muted">{active ? t('live.health.starting') : t('live.health.none')}</Text>;
  else {
    const figure = (value: number | null, key: 'bitrateValue' | 'fpsValue' | 'keyframeValue', format = numbers) =>
      value === null ? unknown : t(`live.health.${key}`, { value: format.format(value) });
    body = (
      <>
        <Figures>
          <div>
            <dt>{t('live.health.bitrate')}</dt>
            <dd data-warning={bitrateLow ? '' : undefined}>{figure(health.bitrateKbps, 'bitrateValue', whole)}</dd>
          </div>
          <div>
            <dt>{t('live.health.fps')}</dt>
            <dd>{figure(health.fps, 'fpsValue')}</dd>
          </div>
          <div>
            <dt>{t('live.health.resolution')}</dt>
            <dd>{health.width !== null && health.height !== null ? `${health.width}×${health.height}` : unknown}</dd>
          </div>
          <div>
            <dt>{t('live.health.keyframe')}</dt>
            <dd data-warning={keyframeSlow ? '' : undefined}>{figure(health.keyframeIntervalS, 'keyframeValue')}</dd>
          </div>
          <div>
            <dt>{t('live.health.audio')}</dt>
            <dd>{health.audio === null ? unknown : health.audio ? t('live.health.audioYes') : t('live.health.audioNo')}</dd>
          </div>
          <div>
            <dt>{t('live.health.viewers')}</dt>
            <dd>{whole.format(health.viewers)}</dd>
          </div>
        </Figures>
        <Text tone="muted" size="sm">
          {t('live.health.updated', { time: clock.format(new Date(health.updatedAt)) })}
        </Text>
      </>
    );
  }

  return (
    <Card as="section" gap="md" aria-labelledby="live-health">
      {/* The warnings' region is mounted whatever the state (empty, it takes no room), so a warning that appears is announced. */}
      <Stack gap="sm">
        <SectionTitle id="live-health">{t('live.health.title')}</SectionTitle>
        <Warnings role="alert" aria-label={t('live.health.warnings')}>
          {(keyframeSlow || bitrateLow) && (
            <ul>
              {keyframeSlow && <li>{t('live.health.keyframeWarning', { value: numbers.format(health?.keyframeIntervalS ?? LIVE_KEYFRAME_WARNING_S) })}</li>}
              {bitrateLow && <li>{t('live.health.bitrateWarning')}</li>}
            </ul>
          )}
        </Warnings>
      </Stack>
      {body}
    </Card>
  );
}

/** Ends the event at once, once confirmed: the camera is dropped and the recording made. */
function EndEvent({ eventId, name }: { eventId: number; name: string }) {
  const { t } = useTranslation('schedule');
  const errorText = useLiveErrorText();
  const [end, { isLoading }] = useEndLiveMutation();
  const [asking, setAsking] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const onEnd = async () => {
    setAsking(false);
    const result = await end(eventId);
    setOutcome(result.error ? { tone: 'error', text: t('live.end.failed', { message: errorText(result.error) }) } : { tone: 'success', text: t('live.end.done') });
  };

  return (
    <Card as="section" gap="sm" aria-labelledby="live-end">
      <SectionTitle id="live-end">{t('live.end.title')}</SectionTitle>
      <Text>{t('live.end.intro')}</Text>
      <div>
        <Button loading={isLoading} onClick={() => setAsking(true)}>
          {t('live.end.button')}
        </Button>
      </div>
      <OutcomeMessages outcome={outcome} />
      <Popup
        open={asking}
        title={t('live.end.confirmTitle', { name })}
        message={t('live.end.confirmMessage')}
        okLabel={t('live.end.confirmOk')}
        cancelLabel={t('confirm.keep')}
        onOk={() => void onEnd()}
        onCancel={() => setAsking(false)}
      />
    </Card>
  );
}

/** The recording: its state, poster and length once ready, and the trim of its start and end. */
function Recording({ live, eventId }: { live: ConsoleLive; eventId: number }) {
  const { t } = useTranslation('schedule');
  const { recording } = live;

  let body;
  if (recording.status === 'none') body = <Text tone="muted">{t('live.recording.none')}</Text>;
  else if (recording.status === 'processing') body = <Loader label={t('live.recording.processing')} />;
  else {
    const length = recording.durationS ?? 0;
    const start = recording.trimStartS ?? 0;
    const end = recording.trimEndS ?? length;
    body = (
      <>
        <Text>{t('live.recording.ready')}</Text>
        {recording.posterUrl && <Poster src={recording.posterUrl} alt={t('live.recording.poster')} />}
        <Figures>
          <div>
            <dt>{t('live.recording.length')}</dt>
            <dd>{formatDuration(length)}</dd>
          </div>
          <div>
            <dt>{t('live.recording.kept')}</dt>
            <dd>{t('live.recording.keptValue', { start: formatDuration(start), end: formatDuration(end) })}</dd>
          </div>
        </Figures>
        <TrimForm eventId={eventId} lengthS={length} startS={start} endS={end} />
      </>
    );
  }

  return (
    <Card as="section" gap="md" aria-labelledby="live-recording">
      <SectionTitle id="live-recording">{t('live.recording.title')}</SectionTitle>
      {body}
    </Card>
  );
}

function TrimForm({ eventId, lengthS, startS, endS }: { eventId: number; lengthS: number; startS: number; endS: number }) {
  const { t } = useTranslation('schedule');
  const errorText = useLiveErrorText();
  const [trim, { isLoading }] = useTrimRecordingMutation();
  const [start, setStart] = useState(formatDuration(startS));
  const [end, setEnd] = useState(formatDuration(endS));
  const [problems, setProblems] = useState<{ start?: string; end?: string }>({});
  const [outcome, setOutcome] = useState<Outcome>(null);
  const length = formatDuration(lengthS);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setOutcome(null);
    // A field left as shown keeps its exact time: the clock's text is rounded to the second, and a
    // recording's end rounded up would lie past it.
    const from = start === formatDuration(startS) ? startS : parseDuration(start);
    const to = end === formatDuration(endS) ? endS : parseDuration(end);
    const found = {
      start: from === undefined ? t('live.recording.badTime') : undefined,
      end: to === undefined ? t('live.recording.badTime') : from !== undefined && to <= from ? t('live.recording.afterStart') : undefined,
    };
    setProblems(found);
    if (from === undefined || to === undefined || found.end) return;
    const result = await trim({ id: eventId, body: { startS: from, endS: to } });
    if (result.error) {
      const field = isApiError(result.error) ? result.error.field : undefined;
      const message = errorText(result.error);
      if (field === 'startS' || field === 'endS') setProblems({ [field === 'startS' ? 'start' : 'end']: message });
      setOutcome({ tone: 'error', text: t('live.recording.trimFailed', { message }) });
    } else {
      const kept = result.data.recording;
      setOutcome({ tone: 'success', text: t('live.recording.trimmed', { start: formatDuration(kept.trimStartS ?? from), end: formatDuration(kept.trimEndS ?? to) }) });
    }
  };

  return (
    <Stack as="form" gap="sm" aria-labelledby="live-trim" noValidate onSubmit={(event: FormEvent<HTMLFormElement>) => void onSubmit(event)}>
      <SectionTitle as="h3" id="live-trim">
        {t('live.recording.trimTitle')}
      </SectionTitle>
      <Text tone="muted">{t('live.recording.trimIntro')}</Text>
      <TrimFields>
        <TextField label={t('live.recording.start')} inputMode="numeric" autoComplete="off" value={start} onChange={(event) => setStart(event.target.value)} error={problems.start} />
        <TextField
          label={t('live.recording.endAt')}
          hint={t('live.recording.withinLength', { length })}
          inputMode="numeric"
          autoComplete="off"
          value={end}
          onChange={(event) => setEnd(event.target.value)}
          error={problems.end}
        />
      </TrimFields>
      <div>
        <Button type="submit" variant="secondary" loading={isLoading}>
          {t('live.recording.trim')}
        </Button>
      </div>
      <OutcomeMessages outcome={outcome} />
    </Stack>
  );
}

const STATE_TONE: Record<LiveState, 'live' | 'primary' | 'neutral'> = { idle: 'neutral', live: 'live', lost: 'primary', ending: 'neutral', ended: 'neutral' };

/** What the state means for viewers, with its moments on the operator's clock. */
function StateText({ live }: { live: ConsoleLive }) {
  const { t, i18n } = useTranslation('schedule');
  const clock = new Intl.DateTimeFormat(i18n.language, { timeStyle: 'medium' });
  const at = (iso: string | null) => (iso ? clock.format(new Date(iso)) : '');
  if (live.state === 'live') return <Text>{t('live.stateText.live', { time: at(live.since) })}</Text>;
  if (live.state === 'lost') return <Text>{t('live.stateText.lost', { time: at(live.lostAt), end: at(live.graceEndsAt) })}</Text>;
  return <Text>{t(`live.stateText.${live.state}`)}</Text>;
}

/**
 * `/events/:id/live`: the event's live control (spec §1 admin dashboard): the encoder's settings,
 * the signal's state and health while live, the end, and the recording with its trim. Owners and
 * producers only: the stream key lets anyone broadcast on the event.
 */
export function LivePage() {
  const { t } = useTranslation('schedule');
  const errorText = useLiveErrorText();
  const id = Number(useParams().id);
  const canWrite = useCanWriteEvents();
  const valid = Number.isInteger(id) && id > 0;
  const event = useGetScheduleEventQuery(id, { skip: !valid });
  // The pace follows the screen as last read (the cache), so it changes as the signal does.
  const cached = scheduleApi.endpoints.getEventLive.useQueryState(id, { skip: !valid || !canWrite });
  const live = useGetEventLiveQuery(id, { skip: !valid || !canWrite, pollingInterval: pollingOf(cached.data) });
  const name = event.data?.name ?? '';

  let body;
  if (!canWrite) body = <Text>{t('live.readOnly')}</Text>;
  else if (live.isLoading || (!live.data && !live.isError)) body = <Loader label={t('live.loading')} />;
  else if (!live.data) {
    body = <ErrorPanel title={t('live.loadError')} message={errorText(live.error)} actionLabel={t('list.retry')} onAction={() => void live.refetch()} />;
  } else {
    const data = live.data;
    const endable = data.state === 'live' || data.state === 'lost';
    body = (
      <>
        <StateText live={data} />
        {live.isError && <Text tone="muted">{t('live.refreshFailed')}</Text>}
        {/* Once over, no camera can publish any more: the encoder's settings and health have nothing to tell. */}
        {data.state !== 'ended' && <IngestDetails live={data} eventId={id} />}
        {data.state !== 'ended' && <Health live={data} />}
        {endable && <EndEvent eventId={id} name={name} />}
        <Recording live={data} eventId={id} />
      </>
    );
  }

  return (
    <ConsolePage width="medium" gap="lg">
      <BackLink />
      <Stack gap="xs">
        <TitleRow>
          <PageTitle>{name || t('live.title')}</PageTitle>
          {live.data && canWrite && <Badge tone={STATE_TONE[live.data.state]}>{t(`live.state.${live.data.state}`)}</Badge>}
        </TitleRow>
        {name && <Text tone="muted">{t('live.title')}</Text>}
      </Stack>
      {body}
    </ConsolePage>
  );
}
