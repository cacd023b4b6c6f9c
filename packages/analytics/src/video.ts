import type { StreamInfo, VideoEventName } from './datalake/types.ts';
import { currentUser, enqueue, here } from './track.ts';

// Its own module: only the watch page's chunk carries it, not every page.

function randomId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

export interface VideoTracker {
  /** spec §7: the first frame, with the wait. */
  firstFrame(ttffMs: number): void;
  event(event: Exclude<VideoEventName, 'first_frame'>, reason?: string): void;
  /** Seconds watched since the last beat (the player's 30 s beats and the last partial one). */
  viewing(seconds: number): void;
}

/**
 * The calls of one viewing of one stream, all under one `video_view_uuid`: video events and viewing
 * time, tagged with the stream's category, sport, gender, school, league and teams.
 */
export function createVideoTracker(stream: StreamInfo): VideoTracker {
  const video_view_uuid = randomId();
  const { category, sport, gender, school, league, team, ...identity } = stream;
  const tags = Object.fromEntries(Object.entries({ category, sport, gender, school, league, team }).filter(([, value]) => value));
  const common = () => ({ user_id: currentUser()?.id ?? null, video_view_uuid, ...identity });
  const video = (event: VideoEventName, extra: Record<string, unknown>) => enqueue({ call: 'video/event', body: { ...common(), event, origin_url: here(), ...extra } });
  return {
    firstFrame: (ttffMs) => video('first_frame', { ttff_ms: Math.max(0, Math.round(ttffMs)) }),
    event: (event, reason) => video(event, reason ? { reason: reason.slice(0, 500) } : {}),
    viewing(seconds) {
      // The service takes 0 < viewing_time <= 300; a beat is 30 s, so anything longer is a clock jump.
      if (!(seconds > 0)) return;
      enqueue({ call: 'video/viewing', body: { ...common(), viewing_time: Math.min(seconds, 300), ...tags } });
    },
  };
}

