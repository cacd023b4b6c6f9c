import { useLayoutEffect, useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { formatClipTime, type ClipWindow } from '../clipTime.ts';
import { Handle, Playhead, Selection, Track, TrackTimes } from './ClipEditor.styles.ts';

export type Mark = 'start' | 'end';

export interface ClipTrackProps {
  /** The span that may be clipped, in the clip time base. */
  window: ClipWindow;
  start: number;
  end: number;
  playhead: number;
  /** The shortest clip: the marks keep at least this far apart. */
  minDuration: number;
  labels: { track: string; start: string; end: string; keys: string };
  onChange: (mark: Mark, time: number) => void;
  /** Enter on a mark: the viewer is done. */
  onSubmit: () => void;
}

const KEY_STEPS: Record<string, number> = { ArrowLeft: -1, ArrowDown: -1, ArrowRight: 1, ArrowUp: 1, PageDown: -10, PageUp: 10 };

/**
 * Sets `left` (and `width`) on an element through the CSSOM rather than a `style` attribute: the
 * site's policy (`style-src-attr 'none'`) refuses style attributes, and these change every frame.
 */
function usePosition<T extends HTMLElement>(left: string, width?: string) {
  const ref = useRef<T>(null);
  useLayoutEffect(() => {
    if (!ref.current) return;
    ref.current.style.left = left;
    if (width !== undefined) ref.current.style.width = width;
  }, [left, width]);
  return ref;
}

/**
 * The in and out marks over the timeline: two sliders a viewer drags with a pointer or moves with
 * the arrow keys (1 s; Page Up/Down 10 s; Home/End to the bounds), each announcing its time.
 */
export function ClipTrack({ window, start, end, playhead, minDuration, labels, onChange, onSubmit }: ClipTrackProps) {
  const trackRef = useRef<HTMLDivElement>(null);
  const span = Math.max(window.end - window.start, 1e-9);
  const clampTo = (time: number, min: number, max: number) => Math.min(Math.max(time, min), Math.max(min, max));
  const percent = (time: number) => `${(clampTo(time, window.start, window.end) - window.start) / span * 100}%`;
  const bounds: Record<Mark, [number, number]> = {
    start: [Math.ceil(window.start), end - minDuration],
    end: [start + minDuration, Math.floor(window.end)],
  };
  const value: Record<Mark, number> = { start, end };

  const move = (mark: Mark, time: number) => {
    const [min, max] = bounds[mark];
    onChange(mark, Math.round(clampTo(time, min, max)));
  };

  const onKeyDown = (mark: Mark) => (event: KeyboardEvent<HTMLDivElement>) => {
    const step = KEY_STEPS[event.key];
    if (step !== undefined) move(mark, value[mark] + step);
    else if (event.key === 'Home') move(mark, bounds[mark][0]);
    else if (event.key === 'End') move(mark, bounds[mark][1]);
    else if (event.key === 'Enter') onSubmit();
    else return;
    event.preventDefault();
  };

  const timeAt = (clientX: number) => {
    const rect = trackRef.current?.getBoundingClientRect();
    if (!rect || rect.width === 0) return null;
    return window.start + ((clientX - rect.left) / rect.width) * span;
  };
  /** The mark being dragged; moves go to it (captured, so they follow the pointer off the handle). */
  const dragging = useRef<Mark | null>(null);
  const onPointerDown = (mark: Mark) => (event: PointerEvent<HTMLDivElement>) => {
    dragging.current = mark;
    event.currentTarget.focus();
    try {
      event.currentTarget.setPointerCapture(event.pointerId);
    } catch {
      // A pointer the browser no longer tracks: the drag still follows moves over the handle.
    }
  };
  const onPointerMove = (mark: Mark) => (event: PointerEvent<HTMLDivElement>) => {
    if (dragging.current !== mark) return;
    const time = timeAt(event.clientX);
    if (time !== null) move(mark, time);
  };
  const endDrag = () => {
    dragging.current = null;
  };

  const selectionRef = usePosition<HTMLDivElement>(percent(start), `calc(${percent(end)} - ${percent(start)})`);
  const playheadRef = usePosition<HTMLDivElement>(percent(playhead));
  const startRef = usePosition<HTMLDivElement>(percent(start));
  const endRef = usePosition<HTMLDivElement>(percent(end));
  const refs: Record<Mark, typeof startRef> = { start: startRef, end: endRef };

  return (
    <div role="group" aria-label={labels.track}>
      <Track ref={trackRef}>
        <Selection ref={selectionRef} />
        <Playhead ref={playheadRef} />
        {(['start', 'end'] as const).map((mark) => (
          <Handle
            key={mark}
            ref={refs[mark]}
            role="slider"
            tabIndex={0}
            aria-label={labels[mark]}
            aria-valuemin={bounds[mark][0]}
            aria-valuemax={bounds[mark][1]}
            aria-valuenow={value[mark]}
            aria-valuetext={formatClipTime(value[mark])}
            title={labels.keys}
            onKeyDown={onKeyDown(mark)}
            onPointerDown={onPointerDown(mark)}
            onPointerMove={onPointerMove(mark)}
            onPointerUp={endDrag}
            onPointerCancel={endDrag}
          />
        ))}
      </Track>
      <TrackTimes aria-hidden="true">
        <span>{formatClipTime(window.start)}</span>
        <span>{formatClipTime(window.end)}</span>
      </TrackTimes>
    </div>
  );
}
