import { type Camera, startCamera } from '../../core/ingest/camera.ts';
import type { LiveService } from './service.ts';

export interface DemoCameraEvent {
  channelId: number;
  eventId: number;
  name: string;
  timeZone: string;
}

export interface DemoCamerasOptions {
  service: LiveService;
  /** The ingest's RTMP address the cameras publish to (`rtmp://127.0.0.1:1935/live`). */
  ingestUrl: string;
  ffmpegPath?: string;
  log: { info(message: string): void; warn(message: string): void };
}

/**
 * The demo's cameras: one ffmpeg per seeded live event, publishing to the ingest with the event's
 * own key exactly as an encoder would (core/ingest/camera.ts), so the demo, the tests and the bench
 * take the real path. A camera that stops (refused, cut) is forgotten: the next look starts it again.
 */
export class DemoCameras {
  readonly #o: DemoCamerasOptions;
  readonly #cameras = new Map<number, Camera>();
  #stopping = false;

  constructor(options: DemoCamerasOptions) {
    this.#o = options;
  }

  isRunning(eventId: number): boolean {
    return this.#cameras.has(eventId);
  }

  pids(): number[] {
    return [...this.#cameras.values()].flatMap((camera) => (camera.pid ? [camera.pid] : []));
  }

  /** Starts the event's camera unless it runs (or the event's signal is over). */
  async ensure(event: DemoCameraEvent): Promise<void> {
    if (this.#stopping || this.#cameras.has(event.eventId)) return;
    let row = await this.#o.service.ensure(event.channelId, event.eventId);
    // Ended, yet the event is live again: a re-seed made it a new game, with a new key and timeline.
    if (row.state === 'ended') row = await this.#o.service.restart(event.channelId, event.eventId);
    if (row.state === 'ending' || row.state === 'ended' || this.#cameras.has(event.eventId)) return;
    const key = this.#o.service.keyOf(row);
    const camera = startCamera({
      url: `${this.#o.ingestUrl.replace(/\/+$/, '')}/${key}`,
      name: event.name,
      timeZone: event.timeZone,
      ffmpegPath: this.#o.ffmpegPath,
    });
    this.#cameras.set(event.eventId, camera);
    this.#o.log.info(`demo camera for event ${event.eventId} started (pid ${camera.pid})`);
    void camera.exited.then(({ code, stderr }) => {
      if (this.#cameras.get(event.eventId) === camera) this.#cameras.delete(event.eventId);
      // ffmpeg names the address it published to: the key never reaches the log.
      if (!this.#stopping && code !== 0 && code !== 255) this.#o.log.warn(`demo camera for event ${event.eventId} stopped (${code}): ${stderr.replaceAll(key, '<stream key>').trim() || 'no output'}`);
    });
  }

  async stop(eventId: number): Promise<void> {
    const camera = this.#cameras.get(eventId);
    this.#cameras.delete(eventId);
    await camera?.stop();
  }

  async stopAll(): Promise<void> {
    this.#stopping = true;
    const cameras = [...this.#cameras.values()];
    this.#cameras.clear();
    await Promise.all(cameras.map((camera) => camera.stop()));
  }
}
