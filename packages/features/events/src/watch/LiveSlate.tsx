import type { EventDetail, LiveSignal } from '@grandstand/contract';
import { useTranslation } from '@grandstand/i18n';
import { Badge } from '@grandstand/ui';
import { useCallback, useState, type ReactNode } from 'react';
import styled from 'styled-components';

/** The camera's signal of a live event the viewer may watch; null for any other event (nothing to say). */
export function liveSignalOf(event: Pick<EventDetail, 'stream_status' | 'live_signal' | 'cancelled'>): LiveSignal | null {
  if (event.cancelled || event.stream_status !== 'live') return null;
  return event.live_signal ?? null;
}

/**
 * Which playback of the live stream the page shows: a new one (the Player remounted, loading at the
 * live edge) when the camera's signal comes back after it was lost, and when it first comes on while
 * the player has shown nothing yet (it was waiting on a playlist the camera had not started). A player
 * already playing, e.g. a demo camera started by its own first request, is left alone.
 */
export function useLiveRun(signal: LiveSignal | null): { run: number; onFirstFrame: () => void } {
  const [seen, setSeen] = useState<{ signal: LiveSignal | null; run: number }>({ signal, run: 0 });
  /** The playback that has shown a frame, if any. */
  const [shownRun, setShownRun] = useState<number | null>(null);
  let { run } = seen;
  if (signal !== seen.signal) {
    // Adjusted while rendering, from the signal the previous render saw (no effect, no extra render of the old player).
    const back = signal === 'on' && (seen.signal === 'lost' || (seen.signal === 'waiting' && shownRun !== seen.run));
    if (back) run += 1;
    setSeen({ signal, run });
  }
  const onFirstFrame = useCallback(() => setShownRun(run), [run]);
  return { run, onFirstFrame };
}

const SLATES = {
  waiting: { title: 'signal.waiting', message: 'signal.waitingMessage' },
  lost: { title: 'signal.lost', message: 'signal.lostMessage' },
} as const;

/**
 * The live player with what the camera's signal says over it: "Back in a moment" while the signal is
 * lost (the stream resumes on its own timeline when the camera reconnects), "Waiting for the camera"
 * before it has started. The words are in a status region, present while the event is live, so a
 * screen reader says them when they appear; the player under a slate is inert (no focus lands on
 * hidden controls).
 */
export function LiveSlate({ signal, children }: { signal: LiveSignal | null; children: ReactNode }) {
  const { t } = useTranslation('watch');
  const slate = signal === 'waiting' || signal === 'lost' ? SLATES[signal] : null;
  return (
    <Frame>
      <Under inert={slate !== null}>{children}</Under>
      {signal !== null && (
        <div role="status">
          {slate && (
            <Slate data-signal={signal}>
              <Badge tone="live">{t('live')}</Badge>
              <strong>{t(slate.title)}</strong>
              <p>{t(slate.message)}</p>
            </Slate>
          )}
        </div>
      )}
    </Frame>
  );
}

const Frame = styled.div`
  position: relative;
  width: 100%;
  height: 100%;
`;

const Under = styled.div`
  width: 100%;
  height: 100%;
`;

/** The channel's surface over the whole picture, as the stage's panels are (theme colours). */
const Slate = styled.div`
  position: absolute;
  inset: 0;
  display: grid;
  align-content: center;
  justify-items: center;
  gap: var(--gs-space-sm);
  padding: var(--gs-space-lg);
  background: var(--gs-surface);
  color: var(--gs-surface-text);
  text-align: center;

  strong {
    font-size: var(--gs-font-size-xl);
  }
  p {
    margin: 0;
    max-width: 32rem;
  }
`;
