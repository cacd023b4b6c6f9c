import type { NetworkingEngineLike, RequestLike, ShakaPlayerLike, VariantTrackLike } from '../engine/types.ts';

/**
 * A stand-in for shaka's Player, the outside boundary of the session: records what it is asked to
 * do, and lets a test make a load fail or fire shaka's events.
 */
export class FakeShakaPlayer extends EventTarget implements ShakaPlayerLike {
  loads: { uri: string; startTime: number | undefined }[] = [];
  configs: object[] = [];
  attached: HTMLMediaElement | undefined;
  destroyed = false;
  live = false;
  range = { start: 0, end: 0 };
  /** The wall clock of media time 0 (the stream's first program date-time); null: the stream has none. */
  presentationStart: Date | null = null;
  tracks: VariantTrackLike[] = [];
  selected: VariantTrackLike | undefined;
  /** Each load consults this: a thrown value makes it reject; a promise returned is the load's (one still retrying). */
  loadBehaviour: (uri: string) => void | Promise<void> = () => undefined;
  /** The request filters registered on shaka's networking engine. */
  requestFilters: ((type: number, request: RequestLike) => void)[] = [];
  readonly networking: NetworkingEngineLike = { registerRequestFilter: (filter) => void this.requestFilters.push(filter) };

  getNetworkingEngine() {
    return this.networking;
  }
  /** The address a request for `uri` goes to, through the registered filters (as shaka sends it). */
  request(uri: string): string {
    const request = { uris: [uri] };
    for (const filter of this.requestFilters) filter(1, request);
    return request.uris[0] as string;
  }

  attach(video: HTMLMediaElement) {
    this.attached = video;
    return Promise.resolve();
  }
  configure(config: object) {
    this.configs.push(config);
    return true;
  }
  load(uri: string, startTime?: number) {
    this.loads.push({ uri, startTime });
    try {
      return this.loadBehaviour(uri) ?? Promise.resolve();
    } catch (error) {
      return Promise.reject(error);
    }
  }
  destroy() {
    this.destroyed = true;
    return Promise.resolve();
  }
  isLive() {
    return this.live;
  }
  seekRange() {
    return this.range;
  }
  getPresentationStartTimeAsDate() {
    return this.presentationStart;
  }
  getPlayheadTimeAsDate() {
    if (!this.presentationStart || !this.attached) return null;
    return new Date(this.presentationStart.getTime() + this.attached.currentTime * 1000);
  }
  getVariantTracks() {
    return this.tracks;
  }
  selectVariantTrack(track: VariantTrackLike) {
    this.selected = track;
  }
  /** Fires shaka's `error` event with a shaka-shaped error. */
  fail(code: number, severity = 2) {
    this.dispatchEvent(new CustomEvent('error', { detail: { code, severity, category: 1 } }));
  }
}

export const networkError = (code = 1002) => ({ code, severity: 2, category: 1 });

/** Lets pending promise callbacks run. */
export const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
