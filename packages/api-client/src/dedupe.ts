import { canceledError } from './ApiError.ts';
import { stableStringify } from './url.ts';
import type { QueryParams } from './url.ts';

interface InFlight {
  promise: Promise<unknown>;
  controller: AbortController;
  /** Callers that passed a signal and have not aborted; a caller without one counts for ever. */
  callers: number;
}

/** What names a call for sharing: the same method, path, parameters and body, whatever their key order. */
export function dedupeKey(method: string, path: string, params: QueryParams | undefined, body: Record<string, unknown> | undefined): string {
  return [method, path, stableStringify(params ?? {}), stableStringify(body ?? null)].join(' ');
}

export interface Dedupe {
  /**
   * Joins the call in flight under `key`, or starts it with `start` (given the signal that stops it).
   * A caller's `signal` cancels its own wait; the shared call stops when every caller has gone.
   */
  share<T>(key: string, url: string, signal: AbortSignal | undefined, start: (signal: AbortSignal) => Promise<unknown>): Promise<T>;
}

/** spec §8: an identical request already in flight is shared. */
export function createDedupe(): Dedupe {
  const inFlight = new Map<string, InFlight>();

  function join<T>(entry: InFlight, key: string, url: string, signal: AbortSignal | undefined): Promise<T> {
    entry.callers += 1;
    if (!signal) return entry.promise as Promise<T>;
    return new Promise<T>((resolve, reject) => {
      const onAbort = () => {
        reject(canceledError(url));
        entry.callers -= 1;
        // The shared fetch stops only when every caller sharing it has gone.
        if (entry.callers === 0) {
          if (inFlight.get(key) === entry) inFlight.delete(key);
          entry.controller.abort();
        }
      };
      if (signal.aborted) {
        onAbort();
        return;
      }
      signal.addEventListener('abort', onAbort, { once: true });
      entry.promise.then(resolve as (value: unknown) => void, reject).finally(() => signal.removeEventListener('abort', onAbort));
    });
  }

  return {
    share<T>(key: string, url: string, signal: AbortSignal | undefined, start: (signal: AbortSignal) => Promise<unknown>): Promise<T> {
      let entry = inFlight.get(key);
      if (!entry) {
        const controller = new AbortController();
        const promise = start(controller.signal);
        const created: InFlight = { promise, controller, callers: 0 };
        entry = created;
        inFlight.set(key, created);
        // Callers receive the outcome through their own handlers; this one only ends the sharing.
        promise.then(
          () => undefined,
          () => undefined,
        ).finally(() => {
          if (inFlight.get(key) === created) inFlight.delete(key);
        });
      }
      return join<T>(entry, key, url, signal);
    },
  };
}
