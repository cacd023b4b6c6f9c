export type ApiClientEvent =
  /** `retryAfterSeconds`: a throttled call's wait (its Retry-After), when the server said. */
  | { type: 'global-error'; reason: 'throttled' | 'crash'; status: number | null; url: string; retryAfterSeconds?: number }
  | { type: 'api-key-error'; failingUrls: string[] }
  | { type: 'user-cleared' };

export interface EventBus {
  emit(event: ApiClientEvent): void;
  /** Returns the unsubscribe. */
  subscribe(listener: (event: ApiClientEvent) => void): () => void;
}

/** What the client tells the app (spec §8: global errors, api-key errors, the user cleared). */
export function createEventBus(): EventBus {
  const listeners = new Set<(event: ApiClientEvent) => void>();
  return {
    emit(event) {
      for (const listener of [...listeners]) {
        try {
          listener(event);
        } catch (error) {
          // A broken listener must not break the transport, but must not go unnoticed either.
          queueMicrotask(() => {
            throw error;
          });
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

/**
 * spec §8: the calls whose last answer named their key invalid. Every change of the set is told as
 * an api-key error carrying the whole set, so the app shows the error while one call still fails.
 */
export function createFailingUrls(emit: (event: ApiClientEvent) => void): (url: string, failing: boolean) => void {
  const failingUrls = new Set<string>();
  return (url, failing) => {
    if (failingUrls.has(url) === failing) return;
    if (failing) failingUrls.add(url);
    else failingUrls.delete(url);
    emit({ type: 'api-key-error', failingUrls: [...failingUrls] });
  };
}
