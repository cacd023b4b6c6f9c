import { KEY_INVALID_STATUS, FaqResponse } from '@grandstand/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedChannel } from './seed.ts';
import { migrateToLatest } from '../../migrations.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

async function eventsOf(slug: string) {
  const rows = await t.database.db.selectFrom('events').select(['name', 'stream_status', 'event_utc_ts', 'end_utc_ts']).where('channel_id', '=', t.channel(slug).id).execute();
  return rows.map((r) => ({ ...r, start: Number(r.event_utc_ts), end: Number(r.end_utc_ts) }));
}

describe('seed', () => {
  it('places events relative to now: live has started and not ended, upcoming is ahead, finished is over', async () => {
    const now = Date.now() / 1000;
    const events = await eventsOf('alpha');
    const live = events.find((e) => e.stream_status === 'live')!;
    const upcoming = events.find((e) => e.stream_status === 'upcoming')!;
    const finished = events.find((e) => e.stream_status === 'finished')!;
    expect(live.start).toBeLessThan(now);
    expect(live.end).toBeGreaterThan(now);
    expect(upcoming.start).toBeGreaterThan(now);
    expect(finished.end).toBeLessThan(now);
  });

  it('re-seeding replaces the demo data with fresh times, keeps api keys and refreshes cached answers', async () => {
    const key = await t.keyFor('alpha');
    const faqBefore = FaqResponse.parse((await t.app.inject({ url: `/api/faq?api_key=${key}` })).json()).data;
    expect(t.app.catalogCache.get(t.channel('alpha').id, 'faq')).toBeDefined();

    const later = new Date(Date.now() + 3_600_000);
    await seedChannel(t.database.db, t.channel('alpha'), later, t.app.dataChanged);

    const events = await eventsOf('alpha');
    expect(events).toHaveLength(3);
    const live = events.find((e) => e.stream_status === 'live')!;
    expect(live.start).toBe(Math.floor(later.getTime() / 1000) - 30 * 60);
    // The in-process cache was told; the next read comes from the database, with new ids.
    expect(t.app.catalogCache.get(t.channel('alpha').id, 'faq')).toBeUndefined();
    const response = await t.app.inject({ url: `/api/faq?api_key=${key}` });
    expect(response.statusCode).not.toBe(KEY_INVALID_STATUS);
    const faqAfter = FaqResponse.parse(response.json()).data;
    expect(faqAfter.map((f) => f.question)).toEqual(faqBefore.map((f) => f.question));
    expect(faqAfter[0]?.id).not.toBe(faqBefore[0]?.id);
    // The other channel is untouched.
    expect(await eventsOf('bravo')).toHaveLength(3);
  });

  it('re-seeding puts the demo users back as the seed says and keeps other users', async () => {
    const alpha = t.channel('alpha').id;
    const viewer = await t.database.db.selectFrom('users').select(['id', 'password_hash']).where('channel_id', '=', alpha).where('email', '=', 'temporary@alpha.example').executeTakeFirstOrThrow();
    expect(viewer.password_hash).toMatch(/^\$argon2id\$/);
    await t.database.db.updateTable('users').set({ temporary_password: false, first_name: 'Changed' }).where('id', '=', viewer.id).execute();
    const other = await t.database.db.insertInto('users').values({ channel_id: alpha, email: 'kept@example.com', password_hash: null, first_name: null, last_name: null }).returning('id').executeTakeFirstOrThrow();
    await seedChannel(t.database.db, t.channel('alpha'));
    const after = await t.database.db.selectFrom('users').select(['id', 'first_name', 'temporary_password']).where('channel_id', '=', alpha).where('email', '=', 'temporary@alpha.example').executeTakeFirstOrThrow();
    expect(after).toEqual({ id: viewer.id, first_name: 'Theo', temporary_password: true });
    expect(await t.database.db.selectFrom('users').select('id').where('id', '=', other.id).executeTakeFirst()).toBeDefined();
  });

  it('rolls back a failing seed as a whole', async () => {
    const before = await eventsOf('bravo');
    const broken = { ...t.channel('bravo'), seed: { ...t.channel('bravo').seed!, menu: [{ title: 'Bad', type: 'page' as const, placement: 'header' as const, url: null, page: 'no-such-page', participant_group: null, vod_media_id: null }] } };
    await expect(seedChannel(t.database.db, broken)).rejects.toThrow(/unknown page ref "no-such-page"/);
    expect(await eventsOf('bravo')).toEqual(before);
  });
});

describe('migrations', () => {
  it('are idempotent: a second run applies nothing and keeps the data', async () => {
    expect(await migrateToLatest(t.database.db)).toEqual([]);
    expect(await migrateToLatest(t.database.db)).toEqual([]);
    expect((await eventsOf('bravo')).length).toBe(3);
  });
});
