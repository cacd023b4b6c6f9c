import { CLIP_REFUSAL_CODES, type SharedClip } from '@grandstand/contract';
import { clipRefusalCodeOf } from '../refusals.ts';

/**
 * Whether a shared clip's answer (or its absence) sends the page to the 404 page: an unknown or
 * unfinished clip is a 404 from the server, and a link whose event is not the clip's is a broken
 * one. The site's server render asks the same question, so the page is never sent empty.
 */
export function sharedClipNotFound(eventId: number, clip: SharedClip | undefined, error: unknown): boolean {
  if (clip) return clip.event_id !== eventId;
  return typeof error === 'object' && error !== null && 'status' in error && (error.status === 404 || error.status === 400);
}

/**
 * Whether the shared clip is refused because it is of a paid game this viewer may not watch (the
 * channel shares paid games' clips only with their viewers): the page then offers the game itself.
 */
export function sharedClipForViewersOnly(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'status' in error && error.status === 403 && clipRefusalCodeOf(error) === CLIP_REFUSAL_CODES.sharePaidEvent;
}
