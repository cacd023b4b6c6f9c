import { KEY_INVALID_MESSAGE } from '@grandstand/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from './ApiError.ts';
import type { ApiClientEvent } from './events.ts';
import { createKeys, STORAGE_KEYS } from './keys.ts';
import { createCallRunner, DEFAULT_RETRY_DELAY_MS, isCrash, isRetryable } from './retry.ts';
import type { RequestOptions } from './retry.ts';
import { createExpiringStorage, createMemoryStorage } from './storage.ts';
import { createFakeFetch } from './testing.ts';
import type { FakeHandler } from './testing.ts';
import { createTransport } from './transport.ts';

const error = (kind: ApiError['kind'], status: number | null) => new ApiError({ message: 'x', kind, status, url: '/u' });

/** A runner over real keys and transport, against a fake server whose api keys are numbered. */
function setup(handler: FakeHandler) {
  let issued = 0;
  const server = createFakeFetch((request) => {
    if (request.path === '/api/get_api_key') return { json: { data: { api_key: `api-${++issued}` } } };
    return handler(request);
  });
  const storage = createExpiringStorage({ storage: createMemoryStorage(), prefix: 'p:', defaultLifeMs: 60_000, now: () => 0 });
  const send = createTransport({ fetch: server.fetch, timeoutMs: 1_000 });
  const failures: { kind: string; crashCodes: readonly string[] | undefined }[] = [];
  const fail = (failure: ApiError, _data: unknown, crashCodes: readonly string[] | undefined) => failures.push({ kind: failure.kind, crashCodes });
  const events: ApiClientEvent[] = [];
  const failing: [string, boolean][] = [];
  const sleeps: number[] = [];
  const sleep = async (ms: number) => {
    sleeps.push(ms);
  };
  const keys = createKeys({ source: { channelKey: 'given' }, baseUrl: '/api', storage, keyLifeMs: 60_000, retryDelayMs: 5, send, fail, sleep });
  let usersCleared = 0;
  const run = createCallRunner({
    baseUrl: '/api',
    keys,
    send,
    fail,
    emit: (event) => events.push(event),
    setFailing: (url, state) => failing.push([url, state]),
    clearUser: () => (usersCleared += 1),
    sleep,
  });
  const call = (request: RequestOptions) => run(request, new AbortController().signal);
  const apiCalls = () => server.calls.filter((c) => c.path !== '/api/get_api_key');
  return { call, storage, failures, events, failing, sleeps, apiCalls, usersCleared: () => usersCleared };
}

describe('isCrash and isRetryable', () => {
  it('crash only on a status the server answered that matches a crash code', () => {
    expect(isCrash(error('http', 503), ['5xx'])).toBe(true);
    expect(isCrash(error('key-invalid', 403), ['4xx'])).toBe(true);
    expect(isCrash(error('http', 404), ['5xx'])).toBe(false);
    expect(isCrash(error('http', 503), undefined)).toBe(false);
    expect(isCrash(error('throttled', 429), ['4xx'])).toBe(false);
    expect(isCrash(error('timeout', null), ['5xx'])).toBe(false);
  });

  it('retry network errors, time-outs and 5xx only', () => {
    expect([error('network', null), error('timeout', null), error('http', 502)].every(isRetryable)).toBe(true);
    expect([error('http', 404), error('throttled', 429), error('unauthenticated', 401)].some(isRetryable)).toBe(false);
  });
});

describe('createCallRunner', () => {
  it('puts the api key in the query of a GET and the body of a POST (spec §7)', async () => {
    const { call, apiCalls } = setup(() => ({ json: { data: 1 } }));
    await call({ url: '/settings', params: { a: 1 } });
    await call({ method: 'POST', url: '/login', body: { email: 'e' } });
    expect(apiCalls().map((c) => [c.query, c.body])).toEqual([
      [{ a: '1', api_key: 'api-1' }, undefined],
      [{}, { email: 'e', api_key: 'api-1' }],
    ]);
  });

  it('tries a 5xx again as many times as asked, then reports it with its crash codes', async () => {
    const { call, apiCalls, sleeps, failures } = setup(() => ({ status: 503, json: { message: 'Down' } }));
    await expect(call({ url: '/events', retry: 2, retryDelay: 3, crashCodes: ['5xx'] })).rejects.toMatchObject({ status: 503 });
    expect(apiCalls()).toHaveLength(3);
    expect(sleeps).toEqual([3, 3]);
    expect(failures).toEqual([{ kind: 'http', crashCodes: ['5xx'] }]);
  });

  it('reports with no crash codes when the call allows the crash', async () => {
    const { call, failures } = setup(() => ({ status: 500, json: { message: 'Down' } }));
    await expect(call({ url: '/events', crashCodes: ['5xx'], allowCrash: true })).rejects.toBeInstanceOf(ApiError);
    expect(failures).toEqual([{ kind: 'http', crashCodes: undefined }]);
  });

  it('raises the throttle as a global error and never retries it (spec §8)', async () => {
    const { call, apiCalls, events } = setup(() => ({ status: 429, json: { message: 'Slow' } }));
    await expect(call({ url: '/events', retry: 3 })).rejects.toMatchObject({ kind: 'throttled' });
    expect(apiCalls()).toHaveLength(1);
    expect(events).toEqual([{ type: 'global-error', reason: 'throttled', status: 429, url: '/api/events' }]);
  });

  it('tells the global throttle how long the server asked to wait', async () => {
    const { call, events } = setup(() => ({ status: 429, json: { message: 'Slow' }, headers: { 'retry-after': '30' } }));
    await expect(call({ url: '/events' })).rejects.toMatchObject({ kind: 'throttled', retryAfterSeconds: 30 });
    expect(events).toEqual([{ type: 'global-error', reason: 'throttled', status: 429, url: '/api/events', retryAfterSeconds: 30 }]);
  });

  it('replaces a refused api key and tries the call once more, after the retry delay (spec §8)', async () => {
    let refusals = 1;
    const { call, apiCalls, sleeps, failing, usersCleared } = setup(() =>
      refusals-- > 0 ? { status: 403, json: { message: KEY_INVALID_MESSAGE, errors: { api_key: [KEY_INVALID_MESSAGE] } } } : { json: { data: 'ok' } },
    );
    await expect(call({ url: '/events' })).resolves.toEqual({ data: 'ok' });
    expect(apiCalls().map((c) => c.query.api_key)).toEqual(['api-1', 'api-2']);
    expect(sleeps).toEqual([DEFAULT_RETRY_DELAY_MS]);
    expect(failing).toEqual([
      ['/events', true],
      ['/events', false],
    ]);
    expect(usersCleared()).toBe(1);
  });

  it('clears the user on a 401; a call that tolerates it keeps the key and is not reported', async () => {
    const { call, storage, failures, usersCleared } = setup(() => ({ status: 401, json: { message: 'Unauthenticated.' } }));
    await expect(call({ url: '/user', tolerate401: true })).rejects.toMatchObject({ kind: 'unauthenticated' });
    expect(storage.get(STORAGE_KEYS.apiKey)).toBe('api-1');
    expect(failures).toEqual([]);
    await expect(call({ url: '/user' })).rejects.toMatchObject({ kind: 'unauthenticated' });
    expect(storage.get(STORAGE_KEYS.apiKey)).toBeNull();
    expect(failures).toEqual([{ kind: 'unauthenticated', crashCodes: undefined }]);
    expect(usersCleared()).toBe(2);
  });

  it('rejects a tolerated 404 without a report', async () => {
    const { call, failures } = setup(() => ({ status: 404, json: { message: 'None' } }));
    await expect(call({ url: '/form', tolerate404: true, crashCodes: ['4xx'] })).rejects.toMatchObject({ status: 404 });
    expect(failures).toEqual([]);
  });
});
