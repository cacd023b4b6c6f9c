import fp from 'fastify-plugin';

/**
 * A typed in-process notice, one per app (not per module), so two apps in one process (tests, a
 * bench) never hear each other. Listeners run in order, synchronously, when a value is emitted.
 * (node:events would add names, error events and a listener-count warning to a one-event channel.)
 */
export interface Bus<T> {
  /** Calls `listener` with every value emitted from now on; the returned function stops it. */
  on(listener: (value: T) => void): () => void;
  emit(value: T): void;
}

export function createBus<T>(): Bus<T> {
  const listeners = new Set<(value: T) => void>();
  return {
    on(listener) {
      // Wrapped, so the same function registered twice is two listeners, each removed on its own.
      const entry = (value: T) => listener(value);
      listeners.add(entry);
      return () => void listeners.delete(entry);
    },
    emit(value) {
      for (const listener of [...listeners]) listener(value);
    },
  };
}

/** A channel's catalog changed (a seed or a migration run with this app's bus); `null`: every channel. */
export type DataChangedBus = Bus<number | null>;
/** Api keys (sha256 hex) this app ended or re-bound: its key cache drops them at once. */
export type KeysForgottenBus = Bus<readonly string[]>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Every cache of serialised answers (catalog, listings, geo lists, live signals) drops what the change touched. */
    dataChanged: DataChangedBus;
    /** Other processes hear of ended keys from the database's notice (`listenForEndedKeys`). */
    keysForgotten: KeysForgottenBus;
  }
}

/** The app's own buses, made per `buildApp`: registered before anything that listens or tells. */
export default fp(
  async (app) => {
    app.decorate('dataChanged', createBus<number | null>());
    app.decorate('keysForgotten', createBus<readonly string[]>());
  },
  { name: 'buses' },
);
