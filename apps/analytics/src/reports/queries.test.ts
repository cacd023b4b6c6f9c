import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPECTED, NOW, PAYMENTS, PERIOD, ROWS } from './fixtures.ts';
import { ReportQueries } from './queries.ts';
import { memoryStore } from './testing.ts';

describe('the reports', () => {
  let store: Awaited<ReturnType<typeof memoryStore>>;
  beforeAll(async () => {
    store = await memoryStore();
    await store.insert(ROWS);
    await store.insertPayments(PAYMENTS);
  });
  afterAll(() => store.close());

  it('counts every figure exactly, scanning the whole period', async () => {
    const queries = new ReportQueries(store.connection, { rollups: false });
    expect(await queries.summary('north', PERIOD, NOW)).toEqual({ ...EXPECTED, generated_at: NOW.toISOString() });
  });

  it('counts the same figures from the rolled-up days, first built then reused', async () => {
    const queries = new ReportQueries(store.connection);
    const expected = { ...EXPECTED, generated_at: NOW.toISOString() };
    expect(await queries.summary('north', PERIOD, NOW)).toEqual(expected);
    expect(await queries.summary('north', PERIOD, NOW)).toEqual(expected);
  });

  it('agrees with a full scan on periods that cut days anywhere', async () => {
    const rolled = new ReportQueries(store.connection);
    const scanned = new ReportQueries(store.connection, { rollups: false });
    const periods = [
      { from: new Date('2025-03-02T10:00:00.500Z'), to: new Date('2025-03-09T23:59:59Z') },
      { from: new Date('2025-03-02T00:00:00Z'), to: new Date('2025-03-10T00:00:00Z') },
      { from: new Date('2025-03-04T12:00:00Z'), to: new Date('2025-03-06T12:00:00Z') },
      { from: new Date('2025-02-20T00:00:00Z'), to: new Date('2025-03-03T00:00:00Z') },
    ];
    for (const period of periods) {
      expect(await rolled.summary('north', period, NOW)).toEqual(await scanned.summary('north', period, NOW));
    }
  });

  it('answers zeros, not errors, for a channel or a period without rows', async () => {
    const queries = new ReportQueries(store.connection);
    const empty = await queries.summary('nowhere', PERIOD, NOW);
    expect(empty).toMatchObject({ live_viewers: 0, views: 0, unique_viewers: 0, watch_seconds: 0 });
    expect(empty.playback).toEqual({ ttff_median_ms: null, ttff_p90_ms: null, errors: 0, error_rate: null });
    expect(empty.watch_time.by_event).toEqual([]);
    expect(empty.funnel.steps.every((step) => step.events === 0 && step.sessions === 0)).toBe(true);
    expect(empty.revenue).toEqual({ total: [], by_day: [], by_product: [] });
  });

  it('counts library videos and clips in the watch time and the tags, not as events', async () => {
    const mixed = await memoryStore();
    try {
      const slice = (stream_type: string, stream_id: number, seconds: number) => ({
        channel: 'north',
        received_at: '2025-03-03T10:00:00Z',
        kind: 'viewing',
        session_uuid: `s-${stream_type}`,
        stream_id,
        stream_type,
        stream_title: `${stream_type} ${stream_id}`,
        sport: 'Hockey',
        viewing_seconds: seconds,
      });
      // The library video 7 and the clip 7 are not the event 7.
      await mixed.insert([slice('live', 7, 30), slice('vod', 8, 20), slice('vod_media', 7, 40), slice('clip', 7, 10)]);
      const summary = await new ReportQueries(mixed.connection).summary('north', PERIOD, NOW);
      expect(summary.watch_time.by_event).toEqual([
        { stream_id: 7, title: 'live 7', seconds: 30 },
        { stream_id: 8, title: 'vod 8', seconds: 20 },
      ]);
      expect(summary.watch_seconds).toBe(100);
      expect(summary.watch_time.by_sport).toEqual([{ key: 'Hockey', seconds: 100 }]);
    } finally {
      mixed.close();
    }
  });

  it('keeps the top 20 of each breakdown, largest first', async () => {
    const many = await memoryStore();
    try {
      await many.insert(
        Array.from({ length: 25 }, (_, index) => ({
          channel: 'north',
          received_at: '2025-03-03T10:00:00Z',
          kind: 'viewing',
          session_uuid: `s${index}`,
          stream_id: index + 1,
          stream_title: `Game ${index + 1}`,
          team: `Team ${index + 1}`,
          viewing_seconds: index + 1,
        })),
      );
      const summary = await new ReportQueries(many.connection).summary('north', PERIOD, NOW);
      expect(summary.watch_time.by_event).toHaveLength(20);
      expect(summary.watch_time.by_event[0]).toEqual({ stream_id: 25, title: 'Game 25', seconds: 25 });
      expect(summary.watch_time.by_event.at(-1)).toEqual({ stream_id: 6, title: 'Game 6', seconds: 6 });
      expect(summary.watch_time.by_team.map((row) => row.key)).toEqual(Array.from({ length: 20 }, (_, index) => `Team ${25 - index}`));
      expect(summary.watch_seconds).toBe(325);
    } finally {
      many.close();
    }
  });
});
