import { useTranslation } from '@grandstand/i18n';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import styled from 'styled-components';

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Days, hours, minutes and seconds left until a UTC second; all zero once it has passed. */
export function timeLeft(untilUtcSeconds: number, nowMs: number): { days: number; hours: number; minutes: number; seconds: number } {
  let left = Math.max(0, Math.ceil(untilUtcSeconds - nowMs / 1000));
  const days = Math.floor(left / DAY);
  left -= days * DAY;
  const hours = Math.floor(left / HOUR);
  left -= hours * HOUR;
  const minutes = Math.floor(left / MINUTE);
  return { days, hours, minutes, seconds: left - minutes * MINUTE };
}

/**
 * An upcoming event counts down to its start, once a second, from the clock rather than
 * counted ticks so a throttled tab stays right; `onStart` fires when it reaches zero. Until the
 * event begins on the server, the watch page asks for it every few seconds (livePolling.ts).
 */
export function Countdown({ startsAt, onStart }: { startsAt: number; onStart: () => void }) {
  const { t } = useTranslation('watch');
  const [now, setNow] = useState(() => Date.now());
  const left = timeLeft(startsAt, now);
  const started = now / 1000 >= startsAt;

  // The latest callback, so a parent's new function each render neither restarts the clock nor asks again.
  const onStartRef = useRef(onStart);
  useLayoutEffect(() => {
    onStartRef.current = onStart;
  });

  useEffect(() => {
    if (started) {
      // Once after this commit's effects, the page's own included (an event already due when the
      // page mounts with its data, prefetched or server-rendered, would otherwise be asked for
      // before the page's query has started, which RTK Query refuses by throwing).
      const first = setTimeout(() => onStartRef.current(), 0);
      return () => clearTimeout(first);
    }
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [started]);

  if (started) return <p role="status">{t('startingNow')}</p>;
  const parts = [
    ['days', left.days],
    ['hours', left.hours],
    ['minutes', left.minutes],
    ['seconds', left.seconds],
  ] as const;
  return (
    <Clock aria-label={t('startsIn')}>
      {parts.map(([unit, value]) => (
        <div key={unit}>
          <dt>{t(`countdown.${unit}`)}</dt>
          <dd>{String(value).padStart(2, '0')}</dd>
        </div>
      ))}
    </Clock>
  );
}

const Clock = styled.dl`
  display: grid;
  grid-template-columns: repeat(4, minmax(0, 4.5rem));
  gap: var(--gs-space-sm);
  margin: 0;

  ${({ theme }) => theme.media.sm} {
    gap: var(--gs-space-md);
  }

  div {
    display: flex;
    flex-direction: column-reverse;
    align-items: center;
    padding: var(--gs-space-sm) var(--gs-space-xs);
    border-radius: var(--gs-radius-md);
    background: var(--gs-body-text-color-10);
  }
  dd {
    margin: 0;
    font-size: var(--gs-font-size-xl);
    font-weight: var(--gs-font-weight-bold);
    font-variant-numeric: tabular-nums;
  }
  dt {
    font-size: var(--gs-font-size-sm);
  }
`;
