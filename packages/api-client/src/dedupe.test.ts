import { describe, expect, it } from 'vitest';
import { ApiError } from './ApiError.ts';
import { createDedupe, dedupeKey } from './dedupe.ts';

/** A call that ends when the test says, and records the signal it was given. */
function deferred() {
  let resolve!: (value: unknown) => void;
  const signals: AbortSignal[] = [];
  const promise = new Promise<unknown>((done) => (resolve = done));
  const start = (signal: AbortSignal) => {
    signals.push(signal);
    return promise;
  };
  return { start, resolve, signals };
}

describe('dedupeKey', () => {
  it('is the same whatever the order of parameters and body fields', () => {
    expect(dedupeKey('GET', '/events', { a: 1, b: 2 }, undefined)).toBe(dedupeKey('GET', '/events', { b: 2, a: 1 }, undefined));
    expect(dedupeKey('POST', '/x', undefined, { a: 1, b: { c: 1, d: 2 } })).toBe(dedupeKey('POST', '/x', {}, { b: { d: 2, c: 1 }, a: 1 }));
  });

  it('differs by method, path, parameters and body', () => {
    const keys = [dedupeKey('GET', '/x', undefined, undefined), dedupeKey('DELETE', '/x', undefined, undefined), dedupeKey('GET', '/y', undefined, undefined), dedupeKey('GET', '/x', { p: 1 }, undefined), dedupeKey('GET', '/x', undefined, { p: 1 })];
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('createDedupe', () => {
  it('starts a call once for callers that come while it runs, and anew after it ended', async () => {
    const dedupe = createDedupe();
    const call = deferred();
    const first = dedupe.share('k', '/x', undefined, call.start);
    const second = dedupe.share('k', '/x', undefined, call.start);
    call.resolve('answer');
    await expect(Promise.all([first, second])).resolves.toEqual(['answer', 'answer']);
    expect(call.signals).toHaveLength(1);
    const next = deferred();
    const third = dedupe.share('k', '/x', undefined, next.start);
    next.resolve('again');
    await expect(third).resolves.toBe('again');
  });

  it('keeps calls under different keys apart', async () => {
    const dedupe = createDedupe();
    const a = deferred();
    const b = deferred();
    const pa = dedupe.share('a', '/a', undefined, a.start);
    const pb = dedupe.share('b', '/b', undefined, b.start);
    a.resolve(1);
    b.resolve(2);
    await expect(Promise.all([pa, pb])).resolves.toEqual([1, 2]);
  });

  it('cancels one caller’s wait without stopping the call the others share', async () => {
    const dedupe = createDedupe();
    const call = deferred();
    const leaving = new AbortController();
    const left = dedupe.share('k', '/x', leaving.signal, call.start);
    const staying = dedupe.share('k', '/x', new AbortController().signal, call.start);
    leaving.abort();
    await expect(left).rejects.toMatchObject({ kind: 'canceled', url: '/x' });
    expect(call.signals[0]?.aborted).toBe(false);
    call.resolve('answer');
    await expect(staying).resolves.toBe('answer');
  });

  it('stops the shared call when every caller has gone, and starts a new one for the next caller', async () => {
    const dedupe = createDedupe();
    const call = deferred();
    const one = new AbortController();
    const two = new AbortController();
    const waits = [dedupe.share('k', '/x', one.signal, call.start), dedupe.share('k', '/x', two.signal, call.start)];
    one.abort();
    expect(call.signals[0]?.aborted).toBe(false);
    two.abort();
    expect(call.signals[0]?.aborted).toBe(true);
    for (const wait of waits) await expect(wait).rejects.toBeInstanceOf(ApiError);
    const next = deferred();
    const fresh = dedupe.share('k', '/x', undefined, next.start);
    next.resolve('fresh');
    await expect(fresh).resolves.toBe('fresh');
  });

  it('rejects a caller whose signal had already aborted', async () => {
    const dedupe = createDedupe();
    const call = deferred();
    await expect(dedupe.share('k', '/x', AbortSignal.abort(), call.start)).rejects.toMatchObject({ kind: 'canceled' });
    expect(call.signals[0]?.aborted).toBe(true);
  });
});
