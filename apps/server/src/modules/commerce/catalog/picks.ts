import type { PickedEvent } from '@grandstand/contract';
import type { Database } from '../../../core/db/schema.ts';
import { withDescendants } from '../../../core/tree.ts';
import { entitledTo, loadEntitlements } from '../entitlements.ts';
import { Refusal } from '../../../core/refusal.ts';

/** The machine codes of a refused pick, beside the words. */
export const PICK_ERROR_CODES = {
  packageNotFound: 'package_not_found',
  noQuota: 'package_has_no_quota',
  eventNotFound: 'event_not_found',
  notInPass: 'event_not_in_pass',
  notHeld: 'pass_not_held',
  alreadyWatchable: 'event_already_watchable',
  usedUp: 'quota_used_up',
} as const;

/** A refused pick: the field at fault, a machine code, the words and the status. */
export class PickProblem extends Refusal {
  override name = 'PickProblem';
  declare readonly code: string;
  declare readonly status: 400 | 403 | 404 | 409 | 422;
}

/** Thrown inside the pick's transaction when the pick was there already: undoes the count taken. */
class AlreadyPicked extends Error {}

/**
 * spec §6 "Package access may be limited by a quota": the viewer spends one game of a quota pass
 * they hold on a paid event within its scope, and the game stays theirs. A game picked already is
 * answered again without spending another. The count is taken by one guarded update per order
 * (`quota_used < quota`), so concurrent picks (two tabs, a script) never pick more than the quota
 * on either engine; the pick's row and its count are one transaction.
 */
export async function pickEvent(db: Database, channelId: number, userId: number, packageId: number, eventId: number, now: Date = new Date()): Promise<PickedEvent> {
  const pkg = await db
    .selectFrom('packages')
    .select(['id', 'scope', 'is_team_pass', 'event_category_ids', 'participant_ids', 'quota'])
    .where('channel_id', '=', channelId)
    .where('id', '=', packageId)
    .executeTakeFirst();
  if (!pkg) throw new PickProblem(404, 'id', PICK_ERROR_CODES.packageNotFound, 'Package not found.');
  const quota = pkg.quota;
  if (pkg.scope !== 'category' || quota === null) throw new PickProblem(400, 'id', PICK_ERROR_CODES.noQuota, 'This pass has no games to pick: it covers its events already.');

  const event = await db.selectFrom('events').select(['id', 'access_type', 'event_category_id', 'participant_ids']).where('channel_id', '=', channelId).where('id', '=', eventId).executeTakeFirst();
  if (!event) throw new PickProblem(404, 'event_id', PICK_ERROR_CODES.eventNotFound, 'Event not found.');

  const orders = await db
    .selectFrom('orders')
    .select(['id', 'participant_id'])
    .where('channel_id', '=', channelId)
    .where('user_id', '=', userId)
    .where('type', '=', 'package')
    .where('product_id', '=', packageId)
    .where('status', '=', 'paid')
    .where('activity_status', '=', 'active')
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .orderBy('id')
    .execute();
  if (orders.length === 0) throw new PickProblem(403, 'id', PICK_ERROR_CODES.notHeld, 'You do not hold this pass.');

  // Within the pass's scope: a paid event (a ppv one is sold only alone) of its categories, and for a team pass one of the chosen team's.
  const categories = await db.selectFrom('event_categories').select(['id', 'parent_id']).where('channel_id', '=', channelId).execute();
  const covered = withDescendants(categories, pkg.event_category_ids);
  const inCategory = pkg.event_category_ids.length === 0 || (event.event_category_id !== null && covered.has(event.event_category_id));
  const eligible = orders.filter((order) => !pkg.is_team_pass || (order.participant_id !== null && event.participant_ids.includes(order.participant_id)));
  if (event.access_type !== 'paid' || !inCategory || eligible.length === 0) throw new PickProblem(422, 'event_id', PICK_ERROR_CODES.notInPass, 'This game is not in your pass.');

  const orderIds = eligible.map((o) => o.id);
  const answer = async (): Promise<PickedEvent> => ({ package_id: packageId, event_id: eventId, quota_left: await quotaLeft(db, orderIds, quota) });
  const pickedAlready = async () =>
    (await db.selectFrom('package_picks').select('order_id').where('channel_id', '=', channelId).where('user_id', '=', userId).where('event_id', '=', eventId).where('order_id', 'in', orderIds).executeTakeFirst()) !== undefined;
  if (await pickedAlready()) return answer();

  // A game the viewer can watch already (bought alone, another pass) is not worth a game of the
  // quota, unless that is this very pick made meanwhile by a request arriving with this one.
  const entitlements = await loadEntitlements(db, channelId, userId, now);
  if (entitledTo(entitlements, { id: event.id, access_type: event.access_type, event_category_id: event.event_category_id, participant_ids: event.participant_ids })) {
    if (await pickedAlready()) return answer();
    throw new PickProblem(409, 'event_id', PICK_ERROR_CODES.alreadyWatchable, 'You can already watch this game.');
  }

  try {
    const taken = await db.transaction().execute(async (tx) => {
      for (const order of eligible) {
        const counted = await tx.updateTable('orders').set((eb) => ({ quota_used: eb('quota_used', '+', 1) })).where('id', '=', order.id).where('quota_used', '<', quota).executeTakeFirst();
        if (Number(counted.numUpdatedRows) === 0) continue;
        const inserted = await tx
          .insertInto('package_picks')
          .values({ channel_id: channelId, order_id: order.id, user_id: userId, event_id: eventId })
          .onConflict((oc) => oc.columns(['order_id', 'event_id']).doNothing())
          .returning('id')
          .executeTakeFirst();
        if (!inserted) throw new AlreadyPicked();
        return true;
      }
      return false;
    });
    // The last game may have gone to this very pick, made by a request arriving with this one.
    if (!taken && !(await pickedAlready())) throw new PickProblem(409, 'id', PICK_ERROR_CODES.usedUp, 'You have picked all the games of your pass.');
  } catch (error) {
    if (!(error instanceof AlreadyPicked)) throw error;
  }
  return answer();
}

async function quotaLeft(db: Database, orderIds: readonly number[], quota: number): Promise<number> {
  const rows = await db.selectFrom('orders').select('quota_used').where('id', 'in', orderIds).execute();
  return rows.reduce((left, row) => left + Math.max(0, quota - row.quota_used), 0);
}
