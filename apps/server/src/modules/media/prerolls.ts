import type { Preroll } from '@grandstand/contract';
import type { Database } from '../../core/db/schema.ts';
import './tables.ts';

/** spec §9: a played preroll stays hidden an hour when the channel sets no preroll time. */
export const DEFAULT_PREROLL_TIME_MS = 3_600_000;

/** What a stream follows: an event (its place, its sport, whether the channel plays prerolls before it) or an on-demand item. */
export type PrerollSubject =
  | { kind: 'event'; id: number; live: boolean; locationId: number | null; categoryId: number | null; prerolls: boolean }
  | { kind: 'vod'; id: number };

/** The key a hidden preroll is stored under: `event:9`, `vod:12` (the site's browser store spells it the same way). */
export function subjectKey(subject: { kind: 'event' | 'vod'; id: number }): string {
  return `${subject.kind}:${subject.id}`;
}

/** The category and its ancestors: sports are nested (spec §3), so a preroll for a sport covers its sub-sports. */
async function lineageOf(db: Database, channelId: number, categoryId: number | null): Promise<number[]> {
  if (categoryId === null) return [];
  const rows = await db.selectFrom('event_categories').select(['id', 'parent_id']).where('channel_id', '=', channelId).execute();
  const parent = new Map(rows.map((row) => [row.id, row.parent_id]));
  const line: number[] = [];
  for (let id: number | null | undefined = categoryId; id !== null && id !== undefined && !line.includes(id); id = parent.get(id)) line.push(id);
  return line;
}

export interface PrerollViewer {
  channelId: number;
  /** Null for a visitor: their hidden prerolls are in their browser, not here. */
  userId: number | null;
  /** Whether the viewer holds `no_ads` (spec §6), as the caller's module knows their passes. */
  noAds: boolean;
}

/**
 * The prerolls that may play before this stream for this viewer (spec §4): the channel's ready
 * prerolls for the stream's kind (live or on demand) that target its place and sports or none (an
 * on-demand item has neither, so only prerolls aimed at nothing), without those the viewer played
 * to the end for this subject within the preroll time. None for a viewer holding `no_ads` (spec §6),
 * whatever the site asks, and none where the channel turned an event's prerolls off.
 */
export async function prerollsFor(db: Database, viewer: PrerollViewer, subject: PrerollSubject, now: Date = new Date()): Promise<Preroll[]> {
  if (subject.kind === 'event' && !subject.prerolls) return [];
  if (viewer.noAds) return [];
  const live = subject.kind === 'event' && subject.live;
  let query = db
    .selectFrom('prerolls')
    .select(['id', 'url', 'weight', 'location_id', 'event_category_ids', 'for_vod', 'for_live'])
    .where('channel_id', '=', viewer.channelId)
    // An uploaded preroll plays once transcoded (modules/vod/library).
    .where('status', '=', 'ready')
    .where('weight', '>', 0)
    .where(live ? 'for_live' : 'for_vod', '=', true)
    .orderBy('id');
  if (viewer.userId !== null) {
    const userId = viewer.userId;
    query = query.where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('preroll_views as v')
            .select('v.preroll_id')
            .whereRef('v.preroll_id', '=', 'prerolls.id')
            .where('v.user_id', '=', userId)
            .where('v.subject', '=', subjectKey(subject))
            .where('v.hidden_until', '>', now),
        ),
      ),
    );
  }
  const [rows, lineage] = await Promise.all([query.execute(), subject.kind === 'event' ? lineageOf(db, viewer.channelId, subject.categoryId) : Promise.resolve([])]);
  const locationId = subject.kind === 'event' ? subject.locationId : null;
  return rows
    .filter((row) => (row.location_id === null || row.location_id === locationId) && (row.event_category_ids.length === 0 || lineage.some((id) => row.event_category_ids.includes(id))))
    .map(({ event_category_ids, ...row }) => ({ ...row, event_categories: event_category_ids }));
}

/** The channel's preroll time (settings `preroll_time`, spec §9), or the default hour. */
export async function prerollTimeOf(db: Database, channelId: number): Promise<number> {
  const row = await db.selectFrom('channels').select('settings').where('id', '=', channelId).executeTakeFirst();
  const time = (row?.settings as { preroll_time?: unknown } | undefined)?.preroll_time;
  return typeof time === 'number' && Number.isInteger(time) && time > 0 ? time : DEFAULT_PREROLL_TIME_MS;
}

/**
 * Hides a preroll the viewer played to its end for them and this subject until the preroll time
 * has passed, on every device (spec §4). Their rows that have lapsed go at the same time, so the
 * table holds only what still hides something. Null when the preroll is not the channel's.
 */
export async function hidePreroll(db: Database, input: { channelId: number; userId: number; prerollId: number; subject: string }, now: Date = new Date()): Promise<Date | null> {
  const preroll = await db.selectFrom('prerolls').select('id').where('channel_id', '=', input.channelId).where('id', '=', input.prerollId).executeTakeFirst();
  if (!preroll) return null;
  const hiddenUntil = new Date(now.getTime() + (await prerollTimeOf(db, input.channelId)));
  await db.deleteFrom('preroll_views').where('user_id', '=', input.userId).where('hidden_until', '<=', now).execute();
  await db
    .insertInto('preroll_views')
    .values({ channel_id: input.channelId, user_id: input.userId, subject: input.subject, preroll_id: preroll.id, hidden_until: hiddenUntil })
    .onConflict((oc) => oc.columns(['user_id', 'subject', 'preroll_id']).doUpdateSet({ hidden_until: hiddenUntil }))
    .execute();
  return hiddenUntil;
}
