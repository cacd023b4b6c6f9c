import { EventsResponse } from '@grandstand/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventsRepository, type EventsListQuery } from './repository.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';

// Migration 0004 copies each event's participants (ids and genders) onto the event row, kept by
// triggers; these tests hold the copy to event_participants through the seed and every write.
let t: TestApp;
let channelId: number;

interface Copy {
  id: number;
  participant_ids: number[];
  participant_genders: string[];
  expected_ids: number[];
  expected_genders: string[];
}

/** Every event of the database whose copy differs from what event_participants says. */
async function drifted(): Promise<Copy[]> {
  const { rows } = await sql<Copy>`
    select e.id, e.participant_ids, e.participant_genders,
           coalesce((select array_agg(distinct ep.participant_id order by ep.participant_id) from event_participants ep where ep.event_id = e.id), '{}') as expected_ids,
           coalesce((select array_agg(distinct p.gender order by p.gender) from event_participants ep join participants p on p.id = ep.participant_id
                      where ep.event_id = e.id and p.gender is not null), '{}') as expected_genders
      from events e`.execute(t.database.db);
  return rows.filter((r) => JSON.stringify(r.participant_ids) !== JSON.stringify(r.expected_ids) || JSON.stringify(r.participant_genders) !== JSON.stringify(r.expected_genders));
}

async function copyOf(eventId: number): Promise<{ participant_ids: number[]; participant_genders: string[] }> {
  const { rows } = await sql<{ participant_ids: number[]; participant_genders: string[] }>`select participant_ids, participant_genders from events where id = ${eventId}`.execute(t.database.db);
  return rows[0]!;
}

beforeAll(async () => {
  t = await buildTestApp();
  channelId = t.channel('alpha').id;
});

afterAll(async () => {
  await t?.close();
});

describe('events carry their participants', () => {
  it('match event_participants for every seeded event, and the seed gave some events two teams', async () => {
    expect(await drifted()).toEqual([]);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from events where cardinality(participant_ids) = 2`.execute(t.database.db);
    expect(rows[0]!.n).toBeGreaterThan(0);
  });

  it('follow inserts, updates and deletes of event participants, and a team’s change of gender', async () => {
    const { db } = t.database;
    const teams = await db.selectFrom('participants').select(['id', 'gender']).where('channel_id', '=', channelId).orderBy('id').execute();
    const [first, second] = teams as [(typeof teams)[number], (typeof teams)[number]];
    const event = await db
      .insertInto('events')
      .values({ channel_id: channelId, name: 'Copy check', type: 'other', access_type: 'free', event_utc_ts: 1, end_utc_ts: 2, time_zone: 'UTC', stream_status: 'finished', event_category_id: null, location_id: null, base_price: 0, service_fee: 0, image: null, homepage: false })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await copyOf(event.id)).toEqual({ participant_ids: [], participant_genders: [] });

    await db
      .insertInto('event_participants')
      .values([
        { channel_id: channelId, event_id: event.id, participant_id: second.id, side: 'home' },
        { channel_id: channelId, event_id: event.id, participant_id: first.id, side: 'away' },
      ])
      .execute();
    expect((await copyOf(event.id)).participant_ids).toEqual([first.id, second.id]);

    await db.updateTable('participants').set({ gender: 'not_identified' }).where('id', '=', first.id).execute();
    expect((await copyOf(event.id)).participant_genders).toContain('not_identified');

    await db.updateTable('event_participants').set({ participant_id: first.id }).where('event_id', '=', event.id).where('participant_id', '=', second.id).execute();
    expect((await copyOf(event.id)).participant_ids).toEqual([first.id]);

    await db.deleteFrom('event_participants').where('event_id', '=', event.id).execute();
    expect(await copyOf(event.id)).toEqual({ participant_ids: [], participant_genders: [] });
    expect(await drifted()).toEqual([]);
  });
});

describe('listing totals', () => {
  const query = (offset: number): EventsListQuery => ({ stream_status: 'finished', offset, limit: 1 }) as EventsListQuery;

  it('are counted once per filter for every page, and counted again after a change notice', async () => {
    const repository = new EventsRepository(t.database.db);
    const first = await repository.list(channelId, query(0));
    expect(first.total).toBeGreaterThan(1);
    expect(repository.cachedTotals).toBe(1);
    await repository.list(channelId, query(1));
    expect(repository.cachedTotals).toBe(1);

    await t.database.db
      .insertInto('events')
      .values({ channel_id: channelId, name: 'Counted later', type: 'other', access_type: 'free', event_utc_ts: 5, end_utc_ts: 6, time_zone: 'UTC', stream_status: 'finished', event_category_id: null, location_id: null, base_price: 0, service_fee: 0, image: null, homepage: false })
      .execute();
    // Within the TTL another process's edit is not seen yet: the total is the cached one.
    expect((await repository.list(channelId, query(0))).total).toBe(first.total);
    repository.invalidate(channelId);
    expect(repository.cachedTotals).toBe(0);
    expect((await repository.list(channelId, query(0))).total).toBe(first.total + 1);
  });

  it('follow a change notice through the route, with the gender filter read from the event row', async () => {
    const key = await t.keyFor('alpha');
    const get = async (q: string) => EventsResponse.parse((await t.app.inject({ method: 'GET', url: `/api/events?api_key=${key}&${q}` })).json());
    const before = await get('gender=W&limit=1');
    const women = await t.database.db.selectFrom('participants').select('id').where('channel_id', '=', channelId).where('gender', '=', 'W').executeTakeFirstOrThrow();
    const event = await t.database.db
      .insertInto('events')
      .values({ channel_id: channelId, name: 'Women added', type: 'other', access_type: 'free', event_utc_ts: 7, end_utc_ts: 8, time_zone: 'UTC', stream_status: 'finished', event_category_id: null, location_id: null, base_price: 0, service_fee: 0, image: null, homepage: false })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.database.db.insertInto('event_participants').values({ channel_id: channelId, event_id: event.id, participant_id: women.id, side: 'home' }).execute();
    expect((await get('gender=W&limit=1')).meta.total).toBe(before.meta.total);
    t.app.dataChanged.emit(channelId);
    const after = await get('gender=W&limit=1');
    expect(after.meta.total).toBe(before.meta.total + 1);
    expect((await get('gender=W&limit=1&offset=0&sort_field=event_utc_ts&sort_direction=asc')).data[0]?.id).toBe(event.id);
  });
});
