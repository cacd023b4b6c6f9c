import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Database } from './schema.ts';

export interface NoticeHandlers {
  /** One notice's payload. */
  notice(payload: string): void;
  /** The subscription is (again) listening, or stopped listening: notices sent meanwhile are lost. */
  live(listening: boolean): void;
  /** Why the subscription stopped listening (it retries). */
  error?(error: Error): void;
}

export interface NoticeSubscription {
  /** Settles once the first attempt to listen succeeded or failed. */
  readonly ready: Promise<void>;
  close(): Promise<void>;
}

/** Listens on a notice channel of the database other instances share. */
export type ListenForNotices = (channel: string, handlers: NoticeHandlers) => NoticeSubscription;

const listeners = new WeakMap<Database, ListenForNotices>();

/**
 * How to hear the notices of `db`: PostgreSQL's LISTEN on a dedicated connection (other
 * processes' writes), or PGlite's own listener (one process by design: writes through any handle
 * on the embedded database). Null for a handle `openDatabase` did not open.
 */
export function noticesOf(db: Database): ListenForNotices | null {
  return listeners.get(db) ?? null;
}

export function registerNotices(db: Database, listen: ListenForNotices): void {
  listeners.set(db, listen);
}

const FIRST_RETRY_MS = 250;
const LAST_RETRY_MS = 10_000;

/**
 * LISTEN on a connection of its own (a pooled one would be handed to queries). A lost connection
 * is reported (`live(false)`) and reopened with a growing delay.
 */
export function postgresNotices(connectionString: string): ListenForNotices {
  return (channel, handlers) => {
    let client: pg.Client | null = null;
    let closed = false;
    let timer: NodeJS.Timeout | undefined;
    let delay = FIRST_RETRY_MS;
    let settle: () => void = () => {};
    const ready = new Promise<void>((resolve) => (settle = resolve));

    const drop = (dropped: pg.Client, error?: Error) => {
      if (client !== dropped) return;
      client = null;
      handlers.live(false);
      if (error) handlers.error?.(error);
      dropped.end().catch(() => {});
      settle();
      if (!closed) {
        timer = setTimeout(connect, delay);
        timer.unref();
        delay = Math.min(delay * 2, LAST_RETRY_MS);
      }
    };

    const connect = async () => {
      const opened = new pg.Client({ connectionString });
      client = opened;
      opened.on('notification', (message) => {
        if (message.channel === channel && message.payload) handlers.notice(message.payload);
      });
      opened.on('error', (error) => drop(opened, error));
      opened.on('end', () => drop(opened, new Error('the notice connection ended')));
      try {
        await opened.connect();
        await opened.query(`LISTEN ${opened.escapeIdentifier(channel)}`);
      } catch (error) {
        return drop(opened, error instanceof Error ? error : new Error(String(error)));
      }
      if (client !== opened) return;
      delay = FIRST_RETRY_MS;
      handlers.live(true);
      settle();
    };

    void connect();
    return {
      ready,
      async close() {
        closed = true;
        clearTimeout(timer);
        const open = client;
        client = null;
        settle();
        if (open) await open.end().catch(() => {});
      },
    };
  };
}

/** PGlite's LISTEN: the embedded engine delivers the notices of its own writes; it cannot lose them. */
export function pgliteNotices(pglite: PGlite): ListenForNotices {
  return (channel, handlers) => {
    const listening = pglite.listen(channel, (payload) => {
      if (payload) handlers.notice(payload);
    });
    const ready = listening.then(
      () => handlers.live(true),
      (error: unknown) => handlers.error?.(error instanceof Error ? error : new Error(String(error))),
    );
    return {
      ready,
      async close() {
        const unlisten = await listening.catch(() => null);
        if (unlisten && !pglite.closed) await unlisten().catch(() => {});
      },
    };
  };
}
