import { useCallback, useEffect, useState } from 'react';

/** How long the controls stay after the last pointer move or key press while playing. */
export const AUTO_HIDE_MS = 3_000;

/**
 * Whether the controls are idle: playing, and no pointer or key activity for `delayMs`. Any activity
 * (`wake`) shows them again and restarts the count.
 */
export function useAutoHide(playing: boolean, delayMs: number = AUTO_HIDE_MS) {
  const [activity, setActivity] = useState({ idle: false, wakes: 0 });
  useEffect(() => {
    if (!playing || activity.idle) return;
    const timer = setTimeout(() => setActivity((a) => ({ ...a, idle: true })), delayMs);
    return () => clearTimeout(timer);
  }, [playing, activity, delayMs]);
  const wake = useCallback(() => setActivity((a) => ({ idle: false, wakes: a.wakes + 1 })), []);
  return { idle: playing && activity.idle, wake };
}
