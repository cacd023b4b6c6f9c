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
 * LISTEN on one connection of its own (a pooled one would be handed to queries), shared by every
 * channel listened on through this function: an instance holds one listening connection, however
 * many caches listen (api keys, schedules, channels, favourites). A lost connection is reported to
 * every listener (`live(false)`) and reopened with a growing delay, listening on all their channels
 * again (`live(true)`). It is opened with the first listener and closed with the last.
 */
export function postgresNotices(connectionString: string): ListenForNotices {
  interface Listener {
    channel: string;
    handlers: NoticeHandlers;
    /** Listening on the current connection (told `live(true)`). */
    live: boolean;
    settle(): void;
  }
  const listeners = new Set<Listener>();
  let client: pg.Client | null = null;
  /** `client` once its connection is open (it listens on each channel as it is asked for). */
  let connected: pg.Client | null = null;
  let timer: NodeJS.Timeout | undefined;
  let delay = FIRST_RETRY_MS;

  const settleAll = () => {
    for (const listener of listeners) listener.settle();
  };

  const drop = (dropped: pg.Client, error?: Error) => {
    if (client !== dropped) return;
    client = null;
    connected = null;
    for (const listener of listeners) {
      if (listener.live) listener.handlers.live(false);
      listener.live = false;
      if (error) listener.handlers.error?.(error);
    }
    dropped.end().catch(() => {});
    settleAll();
    if (listeners.size > 0 && timer === undefined) {
      timer = setTimeout(() => {
        timer = undefined;
        void connect();
      }, delay);
      timer.unref();
      delay = Math.min(delay * 2, LAST_RETRY_MS);
    }
  };

  /** LISTENs on one listener's channel on the open connection; a failure drops the connection. */
  const listenOn = async (opened: pg.Client, listener: Listener) => {
    try {
      await opened.query(`LISTEN ${opened.escapeIdentifier(listener.channel)}`);
    } catch (error) {
      return drop(opened, error instanceof Error ? error : new Error(String(error)));
    }
    if (client !== opened || !listeners.has(listener) || listener.live) return;
    listener.live = true;
    listener.handlers.live(true);
    listener.settle();
  };

  const connect = async () => {
    if (client || listeners.size === 0) return;
    const opened = new pg.Client({ connectionString });
    client = opened;
    opened.on('notification', (message) => {
      if (!message.payload) return;
      for (const listener of listeners) if (listener.channel === message.channel) listener.handlers.notice(message.payload);
    });
    opened.on('error', (error) => drop(opened, error));
    opened.on('end', () => drop(opened, new Error('the notice connection ended')));
    try {
      await opened.connect();
    } catch (error) {
      return drop(opened, error instanceof Error ? error : new Error(String(error)));
    }
    if (client !== opened) return;
    connected = opened;
    delay = FIRST_RETRY_MS;
    // The set itself, not a copy: a listener added meanwhile is listened on too.
    for (const listener of listeners) {
      if (client !== opened) return;
      await listenOn(opened, listener);
    }
  };

  return (channel, handlers) => {
    let settle: () => void = () => {};
    const ready = new Promise<void>((resolve) => (settle = resolve));
    const listener: Listener = { channel, handlers, live: false, settle };
    listeners.add(listener);
    if (client && connected === client) void listenOn(client, listener);
    else void connect();
    return {
      ready,
      async close() {
        if (!listeners.delete(listener)) return;
        listener.settle();
        const open = client;
        if (!open) {
          if (listeners.size === 0) {
            clearTimeout(timer);
            timer = undefined;
          }
          return;
        }
        if (listeners.size === 0) {
          client = null;
          connected = null;
          clearTimeout(timer);
          timer = undefined;
          await open.end().catch(() => {});
        } else if (![...listeners].some((other) => other.channel === channel)) {
          await open.query(`UNLISTEN ${open.escapeIdentifier(channel)}`).catch(() => {});
        }
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
