/**
 * Gives the browser its turn (input, paint) before the work that follows: long work split at these
 * points runs as short tasks instead of one long one on a slow phone. The continuation comes first
 * after the browser's turn where `scheduler.yield` exists, and after a timer elsewhere.
 *
 * @example await yieldToBrowser(); // then the next step of a start
 */
export function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
