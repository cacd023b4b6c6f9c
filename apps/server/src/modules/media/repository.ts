import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import type { Database } from '../../core/db/schema.ts';

/** What the media routes need of an event. */
export interface MediaEvent {
  id: number;
  channelId: number;
  name: string;
  timeZone: string;
  streamStatus: string;
  /** `seed` (the demo's: a demo camera feeds it) or `console`. */
  origin: string;
}

/** Only live and finished events have media (spec §3: an upcoming event has no stream yet). */
export function hasMedia(event: MediaEvent): boolean {
  return event.streamStatus === 'live' || event.streamStatus === 'finished';
}

/**
 * Event look-ups for the media routes. A player asks for a live playlist every 2 s and for every
 * segment, so answers are cached for a few seconds (a status change shows within that time).
 */
export class MediaEventRepository {
  readonly #db: Database;
  readonly #cache = new LRUCache<string, { event: MediaEvent | null }>({ max: 5000, ttl: 5000 });

  constructor(db: Database) {
    this.#db = db;
  }

  /** The event, scoped by its channel: another channel's event is not found. */
  async find(channelId: number, eventId: number): Promise<MediaEvent | null> {
    const key = `${channelId}.${eventId}`;
    const cached = this.#cache.get(key);
    if (cached) return cached.event;
    const row = await this.#db
      .selectFrom('events')
      .select(['id', 'channel_id', 'name', 'time_zone', 'stream_status', 'origin'])
      .where('channel_id', '=', channelId)
      .where('id', '=', eventId)
      .executeTakeFirst();
    const event = row ? { id: Number(row.id), channelId: row.channel_id, name: row.name, timeZone: row.time_zone, streamStatus: row.stream_status, origin: row.origin } : null;
    this.#cache.set(key, { event });
    return event;
  }

  /** Forgets every cached answer (the catalog changed: a seed, a migration). */
  clear(): void {
    this.#cache.clear();
  }
}

/** `app.mediaEventsRepository`: built once on the app's database, its cache shared by every media request. */
export default fp(
  async (app) => {
    app.decorate('mediaEventsRepository', new MediaEventRepository(app.db));
  },
  { name: 'media-events-repository', dependencies: ['db'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    mediaEventsRepository: MediaEventRepository;
  }
}
