/**
 * The part of shaka-player's `Player` this package uses. It is the outside boundary: the session
 * drives it, and unit tests hand the session a fake that implements it.
 */
export interface ShakaPlayerLike {
  attach(video: HTMLMediaElement): Promise<unknown>;
  configure(config: object): boolean;
  /** `startTime` undefined: the default start (the live edge for live streams). */
  load(uri: string, startTime?: number): Promise<unknown>;
  destroy(): Promise<unknown>;
  isLive(): boolean;
  /** The seekable window: the DVR window for live streams. */
  seekRange(): { start: number; end: number };
  /** The playhead on the wall clock, from the stream's program date-time (HLS `EXT-X-PROGRAM-DATE-TIME`). */
  getPlayheadTimeAsDate(): Date | null;
  /** The wall clock of media time 0: the first program date-time, or the presentation start. */
  getPresentationStartTimeAsDate(): Date | null;
  getVariantTracks(): VariantTrackLike[];
  selectVariantTrack(track: VariantTrackLike, clearBuffer?: boolean): void;
  addEventListener(type: string, listener: (event: Event) => void): void;
  removeEventListener(type: string, listener: (event: Event) => void): void;
  /**
   * shaka's networking engine, where every request passes through the filters registered on it;
   * none for the browser's own HLS, which fetches by itself.
   */
  getNetworkingEngine?(): NetworkingEngineLike | null;
}

/** A request as shaka's filters see it: its `uris` may be rewritten before it is sent. */
export interface RequestLike {
  uris: string[];
}

export interface NetworkingEngineLike {
  registerRequestFilter(filter: (type: number, request: RequestLike) => void): void;
}

export interface VariantTrackLike {
  id: number;
  height: number | null;
  bandwidth: number;
  active: boolean;
}

/** What shaka puts in an `error` event's `detail` and rejects `load()` with. */
export interface ShakaErrorLike {
  /** 1 recoverable, 2 critical. */
  severity: number;
  category: number;
  code: number;
}

export const SEVERITY_CRITICAL = 2;
/** shaka.util.Error.Code.LOAD_INTERRUPTED: a newer load or destroy replaced this one; not a failure. */
export const LOAD_INTERRUPTED = 7000;

export function isShakaError(value: unknown): value is ShakaErrorLike {
  return typeof value === 'object' && value !== null && 'code' in value && 'severity' in value && typeof value.code === 'number';
}

/** Makes a player, loading shaka first if needed. */
export type CreatePlayer = () => Promise<ShakaPlayerLike>;
