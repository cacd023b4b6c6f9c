import type { ChannelClipsConfig } from '@grandstand/contract';
import { entitledTo, loadEntitlements } from '../commerce/entitlements.ts';
import type { Database } from '../../core/db/schema.ts';

/** Event access types a viewer pays for (spec §6 paid/ppv). */
export const PAID_ACCESS = new Set(['paid', 'ppv']);

/** A shared clip as the share checks need it: who made it, of which event. */
export interface SharedClipSource {
  channelId: number;
  userId: number | null;
  eventId: number;
}

/**
 * Whether a clip's share link still plays, and for whom (spec §6 paid/ppv; server README, Security):
 * - 'gone': its maker's account is deleted, or they may no longer watch its paid or ppv event (a
 *   refund, a lapsed pass or subscription): a clip is shared by someone who may watch the game,
 *   so it is unshared (404) the moment they may not, checked at every read rather than by a job.
 * - 'paid': a paid or ppv event's clip and a viewer who may not watch that event, in a channel
 *   whose `clips.public_paid_shares` is not true: one buyer does not republish a paid game.
 * - 'ok' otherwise. `viewerId` undefined: the viewer is not known (the public media files), only
 *   the maker's side is checked.
 */
export async function shareVerdict(
  db: Database,
  clip: SharedClipSource,
  config: ChannelClipsConfig | undefined,
  viewerId: number | null | undefined,
  now: Date = new Date(),
): Promise<'ok' | 'gone' | 'paid'> {
  return (await shareCheck(db, clip, config, viewerId, now)).verdict;
}

/**
 * Whether a clip's HLS is only under signed, short-lived addresses (routes/media): a paid or ppv
 * game's clip, unless its channel shares those publicly. Else anyone holding the public file
 * address (handed out to a viewer who may watch) could replay the paid game in clip-sized pieces.
 */
export function signedClipStream(accessType: string, config: ChannelClipsConfig | undefined): boolean {
  return PAID_ACCESS.has(accessType) && config?.public_paid_shares !== true;
}

/** `shareVerdict`, and whether the clip's HLS is only under signed addresses (`signedClipStream`), in the same statements. */
export async function shareCheck(
  db: Database,
  clip: SharedClipSource,
  config: ChannelClipsConfig | undefined,
  viewerId: number | null | undefined,
  now: Date = new Date(),
): Promise<{ verdict: 'ok' | 'gone' | 'paid'; signed: boolean }> {
  const verdict = await verdictOf(db, clip, config, viewerId, now);
  return { verdict: verdict.verdict, signed: verdict.accessType !== null && signedClipStream(verdict.accessType, config) };
}

async function verdictOf(
  db: Database,
  clip: SharedClipSource,
  config: ChannelClipsConfig | undefined,
  viewerId: number | null | undefined,
  now: Date,
): Promise<{ verdict: 'ok' | 'gone' | 'paid'; accessType: string | null }> {
  const ownerId = clip.userId;
  if (ownerId === null) return { verdict: 'gone', accessType: null };
  // One statement for the common case (a free game's clip, its maker still here): the files of a
  // clip are asked for once per segment.
  const row = await db
    .selectFrom('events as e')
    .innerJoin('users as u', (join) => join.on('u.channel_id', '=', clip.channelId).on('u.id', '=', ownerId))
    .select(['e.id', 'e.access_type', 'e.event_category_id', 'e.participant_ids', 'u.deleted_at'])
    .where('e.channel_id', '=', clip.channelId)
    .where('e.id', '=', clip.eventId)
    .executeTakeFirst();
  if (!row || row.deleted_at !== null) return { verdict: 'gone', accessType: null };
  const answer = (verdict: 'ok' | 'gone' | 'paid') => ({ verdict, accessType: row.access_type });
  if (!PAID_ACCESS.has(row.access_type)) return answer('ok');
  const target = { id: row.id, access_type: row.access_type, event_category_id: row.event_category_id, participant_ids: row.participant_ids ?? [] };
  if (!entitledTo(await loadEntitlements(db, clip.channelId, ownerId, now), target)) return answer('gone');
  if (viewerId === undefined || config?.public_paid_shares === true || viewerId === ownerId) return answer('ok');
  if (viewerId === null) return answer('paid');
  return answer(entitledTo(await loadEntitlements(db, clip.channelId, viewerId, now), target) ? 'ok' : 'paid');
}
