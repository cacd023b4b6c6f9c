/**
 * The analytics service's calls as the site sends them (docs: the analytics contract, spec §7).
 * Every item goes through `POST /datalake/batch/`: its `body` is the named call's body without
 * `profile` and `session_uuid`, which the batch carries once.
 */

/** spec §7: the page, login and request events, and the purchase funnel's steps. */
export type DatalakeEvent =
  | 'login'
  | 'visit_page'
  | 'api_request'
  | 'view_buy_page'
  | 'begin_purchase'
  | 'begin_checkout'
  | 'purchase'
  | 'purchase_success'
  | 'purchase_failed';

/** spec §7: what happens to a stream while it is watched. */
export type VideoEventName = 'first_frame' | 'start' | 'pause' | 'seek' | 'end' | 'error';

/** An event's stream live or its recording (`vod`), an on-demand library video (`vod_media`), a clip. */
export type StreamType = 'live' | 'vod' | 'vod_media' | 'clip';

/** What is watched, and the tags its watch time is counted under (all optional but the stream). */
export interface StreamInfo {
  stream_id: number;
  stream_type: StreamType;
  stream_title?: string;
  category?: string;
  sport?: string;
  gender?: string;
  school?: string;
  league?: string;
  team?: string;
}

export type DatalakeCall = 'event' | 'video/event' | 'video/viewing';

export interface DatalakeItem {
  call: DatalakeCall;
  body: Record<string, unknown>;
}

/**
 * Where the client keeps its session and the outer `trk` value: the site's prefixed storage with
 * expiry (`ApiClient.storage` from `@grandstand/api-client` is one).
 */
export interface AnalyticsStorage {
  get<T>(key: string): T | null;
  set(key: string, value: unknown, lifeMs?: number): void;
  remove(key: string): void;
}
