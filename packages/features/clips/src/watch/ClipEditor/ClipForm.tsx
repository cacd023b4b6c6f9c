import type { Clip, ClipOptions, CreateClipBody, EventDetail } from '@grandstand/contract';
import { useErrorText, useTranslation } from '@grandstand/i18n';
import type { PlayerHandle } from '@grandstand/player';
import { isApiError } from '@grandstand/store';
import { Button, FormMessage, Select, Stack, Text, TextField } from '@grandstand/ui';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { checkClip, clipFieldOf, clipMessageKey, formatClipTime, lastSecondsOf, parseClipTime, type ClipField, type ClipProblem, type ClipWindow } from '../clipTime.ts';
import { useCreateClipMutation } from '../clipsWatchApi.ts';
import { Actions, Row } from './ClipEditor.styles.ts';
import { ClipTrack, type Mark } from './ClipTrack.tsx';

export interface ClipFormProps {
  event: EventDetail;
  player: PlayerHandle;
  options: ClipOptions;
  /** Seconds to add to a media time to get the clip time base (0 on demand; live, from the stream's clock). */
  offset: number;
  onCreated: (clip: Clip) => void;
}

/** A clip's default length when the editor opens: the moment just watched. */
const DEFAULT_SECONDS = 30;

interface Reading extends ClipWindow {
  playhead: number;
}

/** The player's window and playhead in the clip time base, read again whenever the player moves. */
function usePlayerReading(player: PlayerHandle, offset: number): Reading {
  const [reading, setReading] = useState(() => read(player, offset));
  useEffect(() => player.subscribe(() => setReading(read(player, offset))), [player, offset]);
  return reading;
}

function read(player: PlayerHandle, offset: number): Reading {
  const range = player.seekRange();
  // A clip never starts before the event (start_time is non-negative).
  return { start: Math.max(0, range.start + offset), end: Math.max(0, range.end + offset), playhead: player.currentTime() + offset };
}

/** The marks the editor opens with: the last 30 s up to the playhead (or the first 30 s). */
function initialMarks({ start, end, playhead }: Reading, options: ClipOptions): [number, number] {
  const length = Math.min(DEFAULT_SECONDS, options.max_duration);
  const out = Math.floor(Math.min(end, Math.max(playhead, start + length)));
  return [Math.ceil(Math.max(start, out - length)), out];
}

/**
 * The clip editor's form (spec §3 Clip, §5 clip rules): the marks over the timeline, their times as
 * text, a preview of the selection in the player, the name and the tag; while live, one press clips
 * the last 30 seconds. The server's refusals ({ message, field }) show at the field they name.
 */
export function ClipForm({ event, player, options, offset, onCreated }: ClipFormProps) {
  const { t, i18n } = useTranslation('clipsWatch');
  const errorText = useErrorText();
  const formId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const reading = usePlayerReading(player, offset);
  const [[initialStart, initialEnd]] = useState(() => initialMarks(reading, options));
  const [startText, setStartText] = useState(() => formatClipTime(initialStart));
  const [endText, setEndText] = useState(() => formatClipTime(initialEnd));
  const [name, setName] = useState('');
  const [tag, setTag] = useState('');
  const [errors, setErrors] = useState<Partial<Record<ClipField, string>>>({});
  const [formError, setFormError] = useState('');
  const [previewing, setPreviewing] = useState(false);
  const [createClip, { isLoading }] = useCreateClipMutation();
  /** Bumped on a refused submit: the first field in error then takes focus. */
  const [refusals, setRefusals] = useState(0);

  const start = parseClipTime(startText) ?? initialStart;
  const end = parseClipTime(endText) ?? initialEnd;

  useEffect(() => {
    if (refusals > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);

  // Preview: play the selection in the player and stop at its end.
  useEffect(() => {
    if (!previewing) return;
    const endMedia = end - offset;
    player.seek(start - offset);
    player.play();
    const stop = player.subscribe(() => {
      if (player.currentTime() < endMedia && !player.paused()) return;
      stop();
      if (!player.paused()) player.pause();
      setPreviewing(false);
    });
    return stop;
  }, [previewing, player, start, end, offset]);

  const problemText = (problem: ClipProblem): string => {
    switch (problem.key) {
      case 'errors.startBeforeWindow':
        return t(problem.key, { time: problem.time });
      case 'errors.tooShort':
      case 'errors.tooLong':
        return t(problem.key, { count: problem.seconds });
      default:
        return t(problem.key);
    }
  };

  /** A second press (Enter held, a double click) while one is on its way sends nothing more. */
  const sending = useRef(false);
  const send = async (body: CreateClipBody) => {
    if (sending.current) return;
    sending.current = true;
    setFormError('');
    try {
      onCreated(await createClip(body).unwrap());
    } catch (error) {
      if (!isApiError(error)) return setFormError(errorText(error));
      const key = clipMessageKey(error);
      // A refusal of the clip rules (4xx) is worded for the viewer; anything else is the generic text.
      const clientRefusal = error.kind === 'http' && error.status !== null && error.status >= 400 && error.status < 500;
      const text = key ? t(key) : clientRefusal && error.message ? error.message : errorText(error);
      const field = clipFieldOf(error.field);
      if (field) {
        setErrors({ [field]: text });
        setRefusals((n) => n + 1);
      } else {
        setFormError(text);
      }
    } finally {
      sending.current = false;
    }
  };

  const onSubmit = (submitEvent?: FormEvent) => {
    submitEvent?.preventDefault();
    setPreviewing(false);
    const checked = checkClip({ startText, endText, name, tag }, reading, { min: options.min_duration, max: options.max_duration });
    const found = Object.fromEntries(Object.entries(checked.problems).map(([field, problem]) => [field, problemText(problem)]));
    setErrors(found);
    if (Object.keys(found).length > 0 || checked.start === null || checked.end === null) {
      setRefusals((n) => n + 1);
      return;
    }
    void send({ event_id: event.id, name: name.trim(), start_time: checked.start, duration: checked.end - checked.start, tags: [tag] });
  };

  const clipLastSeconds = () => {
    setErrors({});
    const edge = player.liveEdgeDate();
    // Not clamped to the player's window: shaka keeps the window it found when it loaded, which can
    // be far shorter than the signal's; the server checks the span against the signal itself.
    const last = edge ? lastSecondsOf(edge, event.event_utc_ts, options.live_seconds, options.min_duration) : null;
    const firstTag = options.tags[0]?.id;
    if (!edge || !last || !firstTag) return setFormError(t('live.noClock'));
    const time = edge.toLocaleTimeString(i18n.language, { hour: 'numeric', minute: '2-digit', timeZone: event.time_zone });
    // One press: the name and tag chosen so far, or a name from the clock and the channel's first tag.
    void send({ event_id: event.id, name: name.trim() || t('live.defaultName', { time }), ...last, tags: [tag || firstTag] });
  };

  const setMark = (mark: Mark, time: number) => {
    const text = formatClipTime(time);
    if (mark === 'start') setStartText(text);
    else setEndText(text);
  };

  const length = Math.max(0, end - start);

  return (
    <Stack as="form" id={formId} ref={formRef} gap="md" noValidate onSubmit={onSubmit}>
      {player.live && (
        <Stack gap="xs">
          <div>
            <Button onClick={clipLastSeconds} loading={isLoading}>
              {t('live.lastSeconds', { seconds: options.live_seconds })}
            </Button>
          </div>
          <Text tone="muted" size="sm">
            {t('live.lastSecondsHint')}
          </Text>
        </Stack>
      )}
      <ClipTrack
        window={reading}
        start={start}
        end={end}
        playhead={reading.playhead}
        minDuration={options.min_duration}
        labels={{ track: t('track.label'), start: t('track.start'), end: t('track.end'), keys: t('track.keys') }}
        onChange={setMark}
        onSubmit={() => formRef.current?.requestSubmit()}
      />
      <Row>
        <TextField
          label={t('fields.start')}
          hint={t('fields.timeHint')}
          inputMode="numeric"
          autoComplete="off"
          value={startText}
          error={errors.start}
          onChange={(change) => setStartText(change.target.value)}
        />
        <TextField
          label={t('fields.end')}
          hint={t('fields.timeHint')}
          inputMode="numeric"
          autoComplete="off"
          value={endText}
          error={errors.end}
          onChange={(change) => setEndText(change.target.value)}
        />
      </Row>
      <Actions>
        <Button variant="secondary" onClick={() => setPreviewing((on) => !on)} aria-pressed={previewing}>
          {previewing ? t('stopPreview') : t('preview')}
        </Button>
        <Text as="span" tone="muted" size="sm">
          {t('duration', { time: formatClipTime(length) })}
        </Text>
      </Actions>
      <Row>
        <TextField label={t('fields.name')} required maxLength={100} value={name} error={errors.name} onChange={(change) => setName(change.target.value)} />
        <Select
          label={t('fields.tag')}
          required
          placeholder={t('fields.tagPlaceholder')}
          options={options.tags.map((option) => ({ value: option.id, label: option.name }))}
          value={tag}
          error={errors.tags}
          onChange={(change) => setTag(change.target.value)}
        />
      </Row>
      {formError && <FormMessage tone="error">{formError}</FormMessage>}
      <Actions>
        <Button type="submit" loading={isLoading}>
          {t('submit')}
        </Button>
        {options.clips_left !== null && (
          <Text as="span" tone="muted" size="sm">
            {t('clipsLeft', { count: options.clips_left })}
          </Text>
        )}
      </Actions>
    </Stack>
  );
}
