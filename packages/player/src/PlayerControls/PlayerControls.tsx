import { Button, visuallyHidden } from '@grandstand/ui';
import { useLayoutEffect, useRef, useState, type FocusEvent, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import styled from 'styled-components';
import type { QualityChoice, QualityOption } from '../engine/session.ts';
import type { PlayerLabels } from '../labels.ts';
import { clamp, formatTime, isBehindLiveEdge, SEEK_STEP_SECONDS, VOLUME_STEP, type TimeRange } from '../time.ts';
import { ExitFullscreenIcon, FullscreenIcon, MutedIcon, PauseIcon, PlayIcon, VolumeIcon } from './icons.tsx';
import {
  Badge,
  Bar,
  Fill,
  IconButton,
  Message,
  Overlay,
  QualitySelect,
  Root,
  Row,
  SeekInput,
  SeekTrack,
  Spacer,
  Spinner,
  Surface,
  TextButton,
  TimeText,
  Title,
  TopBar,
  VolumeInput,
} from './PlayerControls.styles.ts';
import { useAutoHide } from './useAutoHide.ts';

const Hidden = styled.span`
  ${visuallyHidden}
`;

export interface PlayerControlsProps {
  title: string;
  labels: PlayerLabels;
  live: boolean;
  /** A sponsor message plays: no seeking, no skipping, the ad label instead of the time. */
  preroll?: boolean;
  playing: boolean;
  /** The playhead, in media seconds. */
  currentTime: number;
  /** The seekable window: the whole recording on demand, the DVR window live (its end is the live edge). */
  seekRange: TimeRange;
  /** How far the media is buffered, in media seconds. */
  bufferedEnd?: number;
  /** 0..1 */
  volume: number;
  muted: boolean;
  fullscreen: boolean;
  /** Loading or buffering: a spinner over the picture. */
  waiting?: boolean;
  /** The stream failed: the error message and Retry instead of the controls. */
  failed?: boolean;
  /** A retry is under way: Retry shows a spinner and waits. */
  retrying?: boolean;
  qualities?: QualityOption[];
  quality?: QualityChoice;
  onPlay: () => void;
  onPause: () => void;
  onSeek: (time: number) => void;
  onVolumeChange: (volume: number) => void;
  onToggleMute: () => void;
  onToggleFullscreen: () => void;
  onGoLive: () => void;
  onRetry: () => void;
  onQualityChange?: (quality: QualityChoice) => void;
  autoHideMs?: number;
  /** The site's own buttons in the control bar, before quality and full screen (not during a preroll). */
  actions?: ReactNode;
  /** The video element: the controls wrap it, so keys and pointer moves over it reach them. */
  children?: ReactNode;
  /** The element that goes full screen. */
  ref?: Ref<HTMLDivElement>;
}

/**
 * The player's face, driven by props only: designers and tests see every state without a stream.
 * Keyboard: Space/K play-pause, ←/→ seek 10 s, ↑/↓ volume, M mute, F full screen, L back to live.
 */
/**
 * A bar of the seek track. Its width is set on the element (CSSOM), not as a `style` attribute: the
 * site's policy (`style-src-attr 'none'`) drops style attributes from server-rendered markup, and a
 * width that changes every frame is no class for styled-components to make.
 */
function TrackFill({ kind, width }: { kind: 'buffered' | 'played'; width: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (ref.current) ref.current.style.width = width;
  }, [width]);
  return <Fill ref={ref} $kind={kind} />;
}

export function PlayerControls({ ref, children, ...props }: PlayerControlsProps) {
  const { title, labels, live, preroll = false, playing, currentTime, seekRange, bufferedEnd, volume, muted, fullscreen } = props;
  const { waiting = false, failed = false, retrying = false, qualities = [], quality = 'auto', autoHideMs } = props;
  const { idle, wake } = useAutoHide(playing, autoHideMs);
  const [focusInside, setFocusInside] = useState(false);
  const barRef = useRef<HTMLDivElement>(null);
  const visible = !idle || focusInside;
  const behind = live && !preroll && isBehindLiveEdge(currentTime, seekRange);
  const canSeek = !preroll && !failed && seekRange.end > seekRange.start;
  const span = seekRange.end - seekRange.start;
  const percent = (time: number) => (span > 0 ? `${clamp(((time - seekRange.start) / span) * 100, 0, 100)}%` : '0%');

  const togglePlay = () => (playing ? props.onPause() : props.onPlay());
  const seekBy = (delta: number) => {
    if (canSeek) props.onSeek(clamp(currentTime + delta, seekRange.start, seekRange.end));
  };
  const changeVolume = (delta: number) => props.onVolumeChange(clamp(Math.round((volume + delta) * 100) / 100, 0, 1));

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey || failed) return;
    wake();
    const target = event.target as HTMLElement;
    // Native controls keep their own keys: Space presses a button, arrows move the volume slider
    // and the quality list. The seek slider's arrows are ours, in steps of 10 s.
    const onButton = target.closest('button, select') !== null;
    const onOwnArrows = target.matches('select, input[data-volume]');
    let handled = true;
    switch (event.key) {
      case ' ':
        if (onButton) return;
        togglePlay();
        break;
      case 'k':
      case 'K':
        togglePlay();
        break;
      case 'ArrowLeft':
      case 'ArrowRight':
        if (onOwnArrows) return;
        seekBy(event.key === 'ArrowLeft' ? -SEEK_STEP_SECONDS : SEEK_STEP_SECONDS);
        break;
      case 'ArrowUp':
      case 'ArrowDown':
        if (onOwnArrows) return;
        changeVolume(event.key === 'ArrowUp' ? VOLUME_STEP : -VOLUME_STEP);
        break;
      case 'm':
      case 'M':
        props.onToggleMute();
        break;
      case 'f':
      case 'F':
        props.onToggleFullscreen();
        break;
      case 'l':
      case 'L':
        if (behind) props.onGoLive();
        else handled = false;
        break;
      default:
        handled = false;
    }
    if (handled) event.preventDefault();
  };

  const onBarBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!barRef.current?.contains(event.relatedTarget as Node | null)) setFocusInside(false);
  };

  const seekText = live ? (behind ? `${labels.live} -${formatTime(seekRange.end - currentTime)}` : labels.live) : `${formatTime(currentTime)} / ${formatTime(seekRange.end)}`;

  return (
    <Root
      ref={ref}
      role="region"
      aria-label={title}
      aria-roledescription={labels.player}
      tabIndex={0}
      $idle={idle && !focusInside && !failed}
      onKeyDown={onKeyDown}
      onPointerMove={wake}
    >
      {children}
      <Surface onClick={failed ? undefined : togglePlay} />
      {waiting && !failed && (
        <>
          <Spinner />
          <Hidden role="status">{labels.loading}</Hidden>
        </>
      )}
      {failed ? (
        <Overlay role="alert">
          <Message>{labels.error}</Message>
          <Button onClick={props.onRetry} loading={retrying}>
            {labels.retry}
          </Button>
        </Overlay>
      ) : (
        <>
          <TopBar $visible={visible}>
            {preroll && <Badge $dim>{labels.ad}</Badge>}
            <Title>{title}</Title>
          </TopBar>
          <Bar ref={barRef} $visible={visible} onFocus={() => setFocusInside(true)} onBlur={onBarBlur}>
            {!preroll && (
              <SeekTrack>
                {bufferedEnd !== undefined && <TrackFill kind="buffered" width={percent(bufferedEnd)} />}
                <TrackFill kind="played" width={percent(currentTime)} />
                <SeekInput
                  type="range"
                  aria-label={labels.seek}
                  aria-valuetext={seekText}
                  min={seekRange.start}
                  max={Math.max(seekRange.end, seekRange.start)}
                  step="any"
                  value={clamp(currentTime, seekRange.start, Math.max(seekRange.end, seekRange.start))}
                  disabled={!canSeek}
                  onChange={(event) => props.onSeek(Number(event.target.value))}
                />
              </SeekTrack>
            )}
            <Row>
              <IconButton type="button" aria-label={playing ? labels.pause : labels.play} onClick={togglePlay}>
                {playing ? <PauseIcon /> : <PlayIcon />}
              </IconButton>
              <IconButton type="button" aria-label={muted ? labels.unmute : labels.mute} onClick={props.onToggleMute}>
                {muted || volume === 0 ? <MutedIcon /> : <VolumeIcon />}
              </IconButton>
              <VolumeInput
                type="range"
                data-volume=""
                aria-label={labels.volume}
                aria-valuetext={`${Math.round((muted ? 0 : volume) * 100)}%`}
                min={0}
                max={1}
                step={0.05}
                value={muted ? 0 : volume}
                onChange={(event) => props.onVolumeChange(Number(event.target.value))}
              />
              {preroll ? (
                <TimeText>{formatTime(seekRange.end - currentTime)}</TimeText>
              ) : live ? (
                <>
                  <Badge $dim={behind}>{labels.live}</Badge>
                  {behind && <TimeText>-{formatTime(seekRange.end - currentTime)}</TimeText>}
                  {behind && (
                    <TextButton type="button" onClick={props.onGoLive}>
                      {labels.backToLive}
                    </TextButton>
                  )}
                </>
              ) : (
                <TimeText>
                  {formatTime(currentTime)} / {formatTime(seekRange.end)}
                </TimeText>
              )}
              <Spacer />
              {!preroll && props.actions}
              {!preroll && qualities.length > 1 && props.onQualityChange && (
                <QualitySelect
                  aria-label={labels.quality}
                  value={String(quality)}
                  onChange={(event) => props.onQualityChange?.(event.target.value === 'auto' ? 'auto' : Number(event.target.value))}
                >
                  <option value="auto">{labels.qualityAuto}</option>
                  {qualities.map((q) => (
                    <option key={q.id} value={q.id}>
                      {q.label}
                    </option>
                  ))}
                </QualitySelect>
              )}
              <IconButton type="button" aria-label={fullscreen ? labels.exitFullscreen : labels.fullscreen} onClick={props.onToggleFullscreen}>
                {fullscreen ? <ExitFullscreenIcon /> : <FullscreenIcon />}
              </IconButton>
            </Row>
          </Bar>
        </>
      )}
    </Root>
  );
}
