import { CHANNEL_KEY_FILE, KEY_INVALID_MESSAGE } from '@grandstand/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, isCanceled } from './ApiError.ts';
import { createApiClient, DEFAULT_KEY_LIFE_MS } from './createApiClient.ts';
import type { ApiClientEvent, ApiClientOptions, ChannelKeySource, RequestErrorReport } from './createApiClient.ts';
import { createMemoryStorage } from './storage.ts';
import type { KeyValueStorage } from './storage.ts';
import { createFakeFetch } from './testing.ts';
import type { FakeHandler, FakeReply, FakeRequest } from './testing.ts';

const PREFIX = 'grandstand:test:';
const START = Date.parse('2026-03-01T12:00:00.000Z');

function keyInvalid(field: 'api_key' | 'channel_key'): FakeReply {
  return { status: 403, json: { message: KEY_INVALID_MESSAGE, errors: { [field]: [KEY_INVALID_MESSAGE] } } };
}

/**
 * A channel API whose key file and /get_api_key issue numbered keys (so a fresh key is visible),
 * with every other call answered by `handler`.
 */
function setup(handler: FakeHandler = () => ({ json: { data: 'ok' } }), overrides: Partial<ApiClientOptions> & { storage?: KeyValueStorage } = {}) {
  let issued = 0;
  let keyFile = 0;
  const keyHandlers = {
    keyFile: (): FakeReply => ({ json: { channel_key: `channel-${++keyFile}` } }),
    getApiKey: (request: FakeRequest): FakeReply => ({ json: { data: { api_key: `api-${++issued}-${String(request.body?.channel_key)}` } } }),
  };
  const server = createFakeFetch((request) => {
    if (request.path === CHANNEL_KEY_FILE) return keyHandlers.keyFile();
    if (request.path === '/api/get_api_key') return keyHandlers.getApiKey(request);
    return handler(request);
  });
  const events: ApiClientEvent[] = [];
  const reports: RequestErrorReport[] = [];
  const sleeps: number[] = [];
  let time = START;
  const storage = overrides.storage ?? createMemoryStorage();
  const { channelKey, channelKeyUrl, ...settings } = overrides;
  const source: ChannelKeySource = channelKey !== undefined ? { channelKey } : { channelKeyUrl: channelKeyUrl ?? CHANNEL_KEY_FILE };
  const client = createApiClient({
    ...source,
    baseUrl: '/api',
    storagePrefix: PREFIX,
    storage,
    fetch: server.fetch,
    reporter: (report) => reports.push(report),
    now: () => time,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    ...settings,
  });
  client.subscribe((event) => events.push(event));
  const apiCalls = () => server.calls.filter((call) => call.path !== CHANNEL_KEY_FILE && call.path !== '/api/get_api_key');
  const keyCalls = () => server.calls.filter((call) => call.path === CHANNEL_KEY_FILE || call.path === '/api/get_api_key').map((c) => c.path);
  return { client, server, events, reports, sleeps, storage, keyHandlers, apiCalls, keyCalls, advance: (ms: number) => (time += ms) };
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the request to reject');
}

afterEach(() => {
  vi.useRealTimers();
});

describe('a channel key given directly (an app served from its own origin)', () => {
  const direct = { channelKey: 'nf_pub_given-directly-0001' };

  it('exchanges the given key without reading any key file', async () => {
    const { client, server } = setup(undefined, direct);
    await expect(client.getChannelKey()).resolves.toBe('nf_pub_given-directly-0001');
    await expect(client.getApiKey()).resolves.toBe('api-1-nf_pub_given-directly-0001');
    expect(server.calls.map((call) => [call.method, call.path])).toEqual([['POST', '/api/get_api_key']]);
  });

  it('calls the api with the api key it got, and gets a fresh one after clearKeys, from the same key', async () => {
    const { client, apiCalls, keyCalls } = setup(undefined, direct);
    await client.request({ url: '/settings' });
    expect(apiCalls()[0]?.query.api_key).toBe('api-1-nf_pub_given-directly-0001');
    client.clearKeys();
    await expect(client.getApiKey()).resolves.toBe('api-2-nf_pub_given-directly-0001');
    expect(keyCalls()).toEqual(['/api/get_api_key', '/api/get_api_key']);
  });

  it('keeps no channel key in storage, and ignores one an earlier configuration stored', async () => {
    const storage = createMemoryStorage();
    storage.setItem(`${PREFIX}channel_key`, JSON.stringify({ value: 'an-older-key', expiresAt: START + DEFAULT_KEY_LIFE_MS }));
    const { client } = setup(undefined, { ...direct, storage });
    await expect(client.getChannelKey()).resolves.toBe('nf_pub_given-directly-0001');
    await client.getApiKey();
    expect(client.storage.get('channel_key')).toBe('an-older-key');
  });

  it('when the server refuses the given key: reports it once and raises the crash error, with no retry', async () => {
    const { client, keyHandlers, events, reports, sleeps, server } = setup(undefined, direct);
    keyHandlers.getApiKey = () => keyInvalid('channel_key');
    const error = await rejection(client.getApiKey());
    expect(error.kind).toBe('key-invalid');
    expect(server.calls).toHaveLength(1);
    expect(sleeps).toEqual([]);
    expect(reports).toHaveLength(1);
    expect(events).toContainEqual(expect.objectContaining({ type: 'global-error', reason: 'crash' }));
  });

  it('refuses both sources, neither, or an empty one (a JavaScript caller has no type check)', () => {
    const base = { baseUrl: '/api', storagePrefix: PREFIX, storage: createMemoryStorage() };
    for (const bad of [{ channelKey: 'k', channelKeyUrl: '/channel-key.json' }, {}, { channelKey: '' }, { channelKeyUrl: '' }, { channelKey: 42 }]) {
      expect(() => createApiClient({ ...base, ...bad } as unknown as ApiClientOptions), JSON.stringify(bad)).toThrowError(/createApiClient needs/);
    }
  });
});

describe('keys (spec §4 startup steps 1-2, §7)', () => {
  it('reads the channel key file, then exchanges the channel key for an api key', async () => {
    const { client, server } = setup();
    await expect(client.getApiKey()).resolves.toBe('api-1-channel-1');
    expect(server.calls.map((call) => [call.method, call.path])).toEqual([
      ['GET', CHANNEL_KEY_FILE],
      ['POST', '/api/get_api_key'],
    ]);
    expect(server.calls[1]?.body).toEqual({ channel_key: 'channel-1' });
    await expect(client.getChannelKey()).resolves.toBe('channel-1');
  });

  it('caches both keys under the prefix, so another client on the same storage fetches none', async () => {
    const first = setup();
    await first.client.getApiKey();
    expect(first.storage.getItem(`${PREFIX}channel_key`)).toContain('channel-1');
    expect(first.storage.getItem(`${PREFIX}api_key`)).toContain('api-1-channel-1');

    const second = setup(undefined, { storage: first.storage });
    await expect(second.client.getApiKey()).resolves.toBe('api-1-channel-1');
    expect(second.server.calls).toHaveLength(0);
  });

  it('ignores cached keys past their life (spec §9: about 360 days)', async () => {
    const { client, keyCalls, advance } = setup();
    await client.getApiKey();
    advance(DEFAULT_KEY_LIFE_MS - 1);
    await client.getApiKey();
    expect(keyCalls()).toHaveLength(2);
    advance(1);
    await expect(client.getApiKey()).resolves.toBe('api-2-channel-2');
    expect(keyCalls()).toHaveLength(4);
  });

  it('shares one key fetch among concurrent callers', async () => {
    const { client, keyCalls, apiCalls } = setup();
    await Promise.all([client.request({ url: '/menu' }), client.request({ url: '/settings' }), client.getApiKey()]);
    expect(keyCalls()).toEqual([CHANNEL_KEY_FILE, '/api/get_api_key']);
    expect(apiCalls()).toHaveLength(2);
  });

  it('forgets both keys on clearKeys, so the next call fetches fresh ones', async () => {
    const { client } = setup();
    await client.getApiKey();
    client.clearKeys();
    await expect(client.getApiKey()).resolves.toBe('api-2-channel-2');
  });

  it('sends the key given to setApiKey with the next calls, as if it had been fetched', async () => {
    const { client, apiCalls, storage } = setup();
    await client.request({ url: '/menu' });
    client.setApiKey('session-key');
    await client.request({ url: '/profile' });
    await client.request({ method: 'POST', url: '/auth/logout' });
    expect(apiCalls().map((call) => call.query.api_key ?? call.body?.api_key)).toEqual(['api-1-channel-1', 'session-key', 'session-key']);
    expect(storage.getItem(`${PREFIX}api_key`)).toContain('session-key');
  });

  it('keeps the key a call in flight was sent with when setApiKey replaces it', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { client, apiCalls } = setup(async (request) => {
      if (request.path === '/api/slow') await gate;
      return { json: { data: 'ok' } };
    });
    const slow = client.request({ url: '/slow' });
    await vi.waitFor(() => expect(apiCalls()).toHaveLength(1));
    client.setApiKey('session-key');
    release();
    await slow;
    await client.request({ url: '/fast' });
    expect(apiCalls().map((call) => call.query.api_key)).toEqual(['api-1-channel-1', 'session-key']);
  });

  it('does not let a key fetch under way overwrite the key given to setApiKey', async () => {
    const { client } = setup();
    const fetching = client.getApiKey();
    client.setApiKey('session-key');
    await fetching;
    await expect(client.getApiKey()).resolves.toBe('session-key');
  });

  it('reports a failing key file and raises the crash error (spec §8: key crash codes)', async () => {
    const { client, keyHandlers, reports, events } = setup();
    keyHandlers.keyFile = () => ({ status: 500, json: { message: 'Server down' } });
    const error = await rejection(client.getApiKey());
    expect(error.kind).toBe('http');
    expect(error.message).toBe('Server down');
    expect(reports).toHaveLength(1);
    expect(reports[0]?.url).toBe(CHANNEL_KEY_FILE);
    expect(events).toContainEqual({ type: 'global-error', reason: 'crash', status: 500, url: CHANNEL_KEY_FILE });
  });

  it('refuses a key file without a channel key', async () => {
    const { client, keyHandlers } = setup();
    keyHandlers.keyFile = () => ({ json: { something: 'else' } });
    const error = await rejection(client.getChannelKey());
    expect(error.message).toBe('The channel key file has no channel_key');
  });

  it('discards a stored channel key the server no longer knows and fetches the file again, once', async () => {
    const { client, keyHandlers, storage, sleeps } = setup();
    storage.setItem(`${PREFIX}channel_key`, JSON.stringify({ value: 'rotated-away', expiresAt: START + 1000 }));
    keyHandlers.getApiKey = (request) =>
      request.body?.channel_key === 'rotated-away' ? keyInvalid('channel_key') : { json: { data: { api_key: 'fresh' } } };
    await expect(client.getApiKey()).resolves.toBe('fresh');
    expect(sleeps).toEqual([1000]);
  });
});

describe('api_key placement (spec §7)', () => {
  it('sends the api key in the query string for GET and DELETE', async () => {
    const { client, apiCalls } = setup();
    await client.request({ url: '/participants', params: { no_limit: 1 } });
    await client.request({ method: 'DELETE', url: '/clip/4' });
    expect(apiCalls()[0]?.query).toEqual({ no_limit: '1', api_key: 'api-1-channel-1' });
    expect(apiCalls()[1]?.query).toEqual({ api_key: 'api-1-channel-1' });
  });

  it('sends the api key in the JSON body otherwise', async () => {
    const { client, apiCalls } = setup();
    await client.request({ method: 'POST', url: '/favorite', body: { favoritable_id: 3 } });
    await client.request({ method: 'PUT', url: '/x' });
    await client.request({ method: 'PATCH', url: '/y', body: { a: 1 } });
    expect(apiCalls().map((call) => [call.query, call.body])).toEqual([
      [{}, { favoritable_id: 3, api_key: 'api-1-channel-1' }],
      [{}, { api_key: 'api-1-channel-1' }],
      [{}, { a: 1, api_key: 'api-1-channel-1' }],
    ]);
  });

  it('resolves with the parsed JSON body', async () => {
    const { client } = setup(() => ({ json: { data: { name: 'Northfield' } } }));
    await expect(client.request({ url: '/settings' })).resolves.toEqual({ data: { name: 'Northfield' } });
  });
});

describe('time-out (spec §8: 30 s)', () => {
  it('aborts a call that does not answer within the time-out', async () => {
    vi.useFakeTimers();
    const { client, server, reports } = setup(() => ({ hang: true }));
    const pending = rejection(client.request({ url: '/events' }));
    await vi.advanceTimersByTimeAsync(29_999);
    const call = server.calls.at(-1);
    expect(call?.signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await pending;
    expect(error.kind).toBe('timeout');
    expect(error.status).toBeNull();
    expect(call?.signal?.aborted).toBe(true);
    expect(reports).toHaveLength(1);
  });

  it('takes the time-out from the options', async () => {
    vi.useFakeTimers();
    const { client } = setup(() => ({ hang: true }), { timeoutMs: 50 });
    const pending = rejection(client.request({ url: '/events' }));
    await vi.advanceTimersByTimeAsync(50);
    expect((await pending).kind).toBe('timeout');
  });
});

describe('in-flight sharing (spec §8)', () => {
  it('shares one fetch among identical requests', async () => {
    let release: (reply: FakeReply) => void = () => undefined;
    const { client, apiCalls } = setup(() => new Promise<FakeReply>((resolve) => (release = resolve)));
    const first = client.request({ url: '/events', params: { a: 1, b: 2 } });
    const second = client.request({ url: '/events', params: { b: 2, a: 1 } });
    expect(second).toBe(first);
    await vi.waitFor(() => expect(apiCalls()).toHaveLength(1));
    release({ json: { data: [1] } });
    await expect(Promise.all([first, second])).resolves.toEqual([{ data: [1] }, { data: [1] }]);
  });

  it('sends requests that differ in method, params or body separately, and again once settled', async () => {
    const { client, apiCalls } = setup();
    await Promise.all([
      client.request({ url: '/events', params: { a: 1 } }),
      client.request({ url: '/events', params: { a: 2 } }),
      client.request({ method: 'POST', url: '/events', body: { a: 1 } }),
      client.request({ method: 'POST', url: '/events', body: { a: 2 } }),
    ]);
    await client.request({ url: '/events', params: { a: 1 } });
    expect(apiCalls()).toHaveLength(5);
  });
});

describe('canceled requests (spec §8: pass silently)', () => {
  it('rejects as canceled with no report and no event', async () => {
    const { client, reports, events } = setup(() => ({ hang: true }));
    const controller = new AbortController();
    const pending = rejection(client.request({ url: '/events', signal: controller.signal }));
    controller.abort();
    const error = await pending;
    expect(error.kind).toBe('canceled');
    expect(isCanceled(error)).toBe(true);
    expect(reports).toEqual([]);
    expect(events).toEqual([]);
  });

  it('rejects at once when the signal was already aborted', async () => {
    const { client, apiCalls } = setup();
    const error = await rejection(client.request({ url: '/events', signal: AbortSignal.abort() }));
    expect(error.kind).toBe('canceled');
    expect(apiCalls()).toHaveLength(0);
  });

  it('keeps a shared fetch going for the callers that did not cancel', async () => {
    let release: (reply: FakeReply) => void = () => undefined;
    const { client, apiCalls } = setup(() => new Promise<FakeReply>((resolve) => (release = resolve)));
    const controller = new AbortController();
    const canceled = rejection(client.request({ url: '/events', signal: controller.signal }));
    const kept = client.request({ url: '/events', signal: new AbortController().signal });
    await vi.waitFor(() => expect(apiCalls()).toHaveLength(1));
    controller.abort();
    expect((await canceled).kind).toBe('canceled');
    expect(apiCalls()[0]?.signal?.aborted).toBe(false);
    release({ json: { data: 'late' } });
    await expect(kept).resolves.toEqual({ data: 'late' });
  });

  it('recognises canceled errors of every shape', () => {
    expect(isCanceled(new ApiError({ message: 'x', kind: 'http', status: 500, url: '/' }))).toBe(false);
    expect(isCanceled({ kind: 'canceled' })).toBe(true);
    expect(isCanceled(Object.assign(new Error('aborted'), { name: 'AbortError' }))).toBe(true);
    expect(isCanceled(null)).toBe(false);
  });
});

describe('invalid keys (spec §8)', () => {
  it('on an api_key error: clears the key and the user, raises the api-key error, retries once after 1 s with a fresh key', async () => {
    let answered = 0;
    const { client, events, sleeps, storage, apiCalls, reports } = setup(() => (++answered === 1 ? keyInvalid('api_key') : { json: { data: 'ok' } }));
    storage.setItem(`${PREFIX}user`, JSON.stringify({ value: { id: 1 }, expiresAt: START + 1000 }));
    await expect(client.request({ url: '/events' })).resolves.toEqual({ data: 'ok' });
    expect(apiCalls().map((call) => call.query.api_key)).toEqual(['api-1-channel-1', 'api-2-channel-1']);
    expect(sleeps).toEqual([1000]);
    expect(storage.getItem(`${PREFIX}user`)).toBeNull();
    expect(events).toEqual([
      { type: 'user-cleared' },
      { type: 'api-key-error', failingUrls: ['/events'] },
      { type: 'api-key-error', failingUrls: [] },
    ]);
    expect(reports).toEqual([]);
  });

  it('on a channel_key error: clears both keys, so the key file is read again, and keeps the user', async () => {
    let answered = 0;
    const { client, events, keyCalls } = setup(() => (++answered === 1 ? keyInvalid('channel_key') : { json: { data: 'ok' } }));
    await client.request({ url: '/events' });
    expect(keyCalls()).toEqual([CHANNEL_KEY_FILE, '/api/get_api_key', CHANNEL_KEY_FILE, '/api/get_api_key']);
    expect(events).not.toContainEqual({ type: 'user-cleared' });
  });

  it('uses the retry delay of the call before the retry', async () => {
    let answered = 0;
    const { client, sleeps } = setup(() => (++answered === 1 ? keyInvalid('api_key') : { json: {} }));
    await client.request({ url: '/events', retryDelay: 250 });
    expect(sleeps).toEqual([250]);
  });

  it('rejects as key-invalid when the retry fails too, and the url stays failing', async () => {
    const { client, events, apiCalls, reports } = setup(() => keyInvalid('api_key'));
    const error = await rejection(client.request({ url: '/events' }));
    expect(error.kind).toBe('key-invalid');
    expect(error.field).toBe('api_key');
    expect(error.message).toBe(KEY_INVALID_MESSAGE);
    expect(apiCalls()).toHaveLength(2);
    expect(events.filter((event) => event.type === 'api-key-error').at(-1)).toEqual({ type: 'api-key-error', failingUrls: ['/events'] });
    expect(reports).toHaveLength(1);
  });

  it('rejects and keeps the url failing when the fresh key cannot be fetched', async () => {
    // The channel key is refused, and from then on the key file cannot be reached.
    const env = setup(() => {
      env.keyHandlers.keyFile = () => ({ networkError: true });
      return keyInvalid('channel_key');
    });
    const error = await rejection(env.client.request({ url: '/events' }));
    expect(error.kind).toBe('network');
    expect(error.url).toBe(CHANNEL_KEY_FILE);
    expect(env.events.filter((event) => event.type === 'api-key-error').at(-1)).toEqual({ type: 'api-key-error', failingUrls: ['/events'] });
    expect(env.reports.map((report) => report.url)).toEqual([CHANNEL_KEY_FILE]);
  });

  it('lists every failing url and removes each as it recovers', async () => {
    const broken = new Set(['/a', '/b']);
    const { client, events } = setup((request) => (broken.has(request.path.slice(4)) ? keyInvalid('api_key') : { json: {} }));
    await Promise.allSettled([client.request({ url: '/a' }), client.request({ url: '/b' })]);
    expect(events.filter((event) => event.type === 'api-key-error').at(-1)).toEqual({ type: 'api-key-error', failingUrls: ['/a', '/b'] });
    broken.delete('/a');
    await client.request({ url: '/a' });
    expect(events.at(-1)).toEqual({ type: 'api-key-error', failingUrls: ['/b'] });
  });
});

describe('throttling (spec §8: 429)', () => {
  it('raises the throttled global error, rejects and never retries', async () => {
    const { client, events, apiCalls, reports } = setup(() => ({ status: 429, json: { message: 'Too many requests' } }));
    const error = await rejection(client.request({ url: '/events', retry: 3 }));
    expect(error.kind).toBe('throttled');
    expect(apiCalls()).toHaveLength(1);
    expect(events).toEqual([{ type: 'global-error', reason: 'throttled', status: 429, url: '/api/events' }]);
    expect(reports).toHaveLength(1);
  });
});

describe('unauthenticated (spec §4, §8: 401)', () => {
  it('clears the user and the stored api key, reports and rejects; the next call gets a fresh key', async () => {
    let answered = 0;
    const { client, events, storage, reports, apiCalls } = setup(() => (++answered === 1 ? { status: 401, json: { message: 'Unauthenticated.' } } : { json: {} }));
    storage.setItem(`${PREFIX}user`, JSON.stringify({ value: { id: 1 }, expiresAt: START + 1000 }));
    const error = await rejection(client.request({ url: '/user/access' }));
    expect(error.kind).toBe('unauthenticated');
    expect(error.message).toBe('Unauthenticated.');
    expect(events).toEqual([{ type: 'user-cleared' }]);
    expect(storage.getItem(`${PREFIX}user`)).toBeNull();
    expect(storage.getItem(`${PREFIX}api_key`)).toBeNull();
    expect(reports).toHaveLength(1);
    await client.request({ url: '/events' });
    expect(apiCalls()[1]?.query.api_key).toBe('api-2-channel-1');
  });

  it('with tolerate401 rejects quietly: no report, the api key kept, still no user', async () => {
    const { client, events, storage, reports } = setup(() => ({ status: 401, json: { message: 'Unauthenticated.' } }));
    const error = await rejection(client.request({ url: '/profile', tolerate401: true }));
    expect(error.kind).toBe('unauthenticated');
    expect(reports).toEqual([]);
    expect(storage.getItem(`${PREFIX}api_key`)).not.toBeNull();
    expect(events).toEqual([{ type: 'user-cleared' }]);
  });
});

describe('tolerated 404 (spec §7: custom forms)', () => {
  it('rejects quietly with tolerate404 and reports a 404 otherwise', async () => {
    const { client, events, reports } = setup(() => ({ status: 404, json: { message: 'Not found', field: 'alias' } }));
    const quiet = await rejection(client.request({ url: '/custom-forms/contacts', tolerate404: true, crashCodes: ['4xx'] }));
    expect(quiet.status).toBe(404);
    expect(reports).toEqual([]);
    expect(events).toEqual([]);
    await rejection(client.request({ url: '/pages/9' }));
    expect(reports).toHaveLength(1);
  });
});

describe('retries (spec §8: per-call retry count and delay)', () => {
  it('retries a 5xx as many times as asked, pausing the retry delay (default 1000 ms) each time', async () => {
    let answered = 0;
    const { client, apiCalls, sleeps, reports } = setup(() => (++answered < 3 ? { status: 502, json: { message: 'Bad gateway' } } : { json: { data: 3 } }));
    await expect(client.request({ url: '/events', retry: 2 })).resolves.toEqual({ data: 3 });
    expect(apiCalls()).toHaveLength(3);
    expect(sleeps).toEqual([1000, 1000]);
    expect(reports).toEqual([]);
  });

  it('retries a network error with the delay given', async () => {
    let answered = 0;
    const { client, sleeps } = setup(() => (++answered === 1 ? { networkError: true } : { json: {} }));
    await client.request({ url: '/events', retry: 1, retryDelay: 300 });
    expect(sleeps).toEqual([300]);
  });

  it('does not retry by default, and never retries a 4xx', async () => {
    const failing = setup(() => ({ status: 500, json: { message: 'boom' } }));
    expect((await rejection(failing.client.request({ url: '/events' }))).status).toBe(500);
    expect(failing.apiCalls()).toHaveLength(1);

    const missing = setup(() => ({ status: 404, json: { message: 'Not found' } }));
    await rejection(missing.client.request({ url: '/events/9', retry: 3 }));
    expect(missing.apiCalls()).toHaveLength(1);
  });

  it('rejects with the last error when the retries run out', async () => {
    const { client, apiCalls, reports } = setup(() => ({ networkError: true }));
    const error = await rejection(client.request({ url: '/events', retry: 1 }));
    expect(error.kind).toBe('network');
    expect(apiCalls()).toHaveLength(2);
    expect(reports).toHaveLength(1);
  });
});

describe('crash codes (spec §8)', () => {
  it('raises the crash global error when the status matches a crash code', async () => {
    const { client, events } = setup(() => ({ status: 503, json: { message: 'Unavailable' } }));
    await rejection(client.request({ url: '/settings', crashCodes: ['5xx', '4xx'] }));
    expect(events).toEqual([{ type: 'global-error', reason: 'crash', status: 503, url: '/api/settings' }]);
  });

  it('raises nothing when the crash is allowed or the status is not a crash code', async () => {
    const { client, events } = setup(() => ({ status: 404, json: { message: 'Not found' } }));
    await rejection(client.request({ url: '/custom-forms/x', crashCodes: ['4xx'], allowCrash: true }));
    await rejection(client.request({ url: '/menu', crashCodes: ['5xx'] }));
    expect(events).toEqual([]);
  });
});

describe('answers that are not a 200 with JSON (spec §8)', () => {
  it('rejects a success status other than 200', async () => {
    const { client } = setup(() => ({ status: 204 }));
    const error = await rejection(client.request({ url: '/events' }));
    expect(error.kind).toBe('http');
    expect(error.status).toBe(204);
    expect(error.message).toBe('The server answered 204 where 200 was expected');
  });

  it('rejects a 200 whose body is not JSON with a clear message', async () => {
    const { client } = setup(() => ({ text: '<html>proxy page</html>' }));
    const error = await rejection(client.request({ url: '/events' }));
    expect(error.kind).toBe('http');
    expect(error.message).toBe('The server answered with a body that is not JSON');
    expect(error.body).toBe('<html>proxy page</html>');
  });

  it('names an error answer whose body is not JSON', async () => {
    const { client } = setup(() => ({ status: 502, text: 'Bad Gateway' }));
    expect((await rejection(client.request({ url: '/events' }))).message).toBe('The server answered 502 with a body that is not JSON');
  });

  it('takes the message and field from the server error body (contract ApiErrorBody)', async () => {
    const body = { message: 'favoritable_type must be a string', field: 'favoritable_type' };
    const { client } = setup(() => ({ status: 422, json: body }));
    const error = await rejection(client.request({ method: 'POST', url: '/favorite', body: { favoritable_type: 1 } }));
    expect(error).toMatchObject({ kind: 'http', status: 422, message: body.message, field: 'favoritable_type', body, url: '/api/favorite' });
  });
});

describe('error reports (spec §7)', () => {
  it('reports the date, status, message, request data and url, without the api key', async () => {
    const { client, reports } = setup(() => ({ status: 500, json: { message: 'boom' } }));
    await rejection(client.request({ url: '/events', params: { limit: 10 } }));
    await rejection(client.request({ method: 'POST', url: '/clip', body: { name: 'Goal' } }));
    expect(reports).toEqual([
      { date: '2026-03-01T12:00:00.000Z', status: 500, message: 'boom', requestData: { method: 'GET', params: { limit: 10 }, body: undefined }, url: '/api/events?limit=10' },
      { date: '2026-03-01T12:00:00.000Z', status: 500, message: 'boom', requestData: { method: 'POST', params: undefined, body: { name: 'Goal' } }, url: '/api/clip' },
    ]);
  });

  it('keeps working when the reporter throws', async () => {
    const { client } = setup(() => ({ status: 500, json: { message: 'boom' } }), {
      reporter: () => {
        throw new Error('reporter down');
      },
    });
    expect((await rejection(client.request({ url: '/events' }))).message).toBe('boom');
  });
});

describe('subscribe', () => {
  it('stops delivering events once unsubscribed', async () => {
    const { client } = setup(() => ({ status: 429, json: { message: 'slow down' } }));
    const seen: ApiClientEvent[] = [];
    const unsubscribe = client.subscribe((event) => seen.push(event));
    await rejection(client.request({ url: '/a' }));
    unsubscribe();
    await rejection(client.request({ url: '/b' }));
    expect(seen).toHaveLength(1);
  });
});

describe('storage', () => {
  it('exposes the prefixed storage with expiry', () => {
    const { client, storage } = setup();
    client.storage.set('user', { id: 5 });
    expect(storage.getItem(`${PREFIX}user`)).not.toBeNull();
    expect(client.storage.get('user')).toEqual({ id: 5 });
  });
});

describe('request error listeners (spec §7: error reports)', () => {
  it('hands each report to the listeners added later, as to the reporter, until they unsubscribe', async () => {
    const { client, reports } = setup(() => ({ status: 500, json: { message: 'Server error' } }));
    const later: RequestErrorReport[] = [];
    const stop = client.onRequestError((report) => later.push(report));
    await rejection(client.request({ method: 'POST', url: '/v2/auth/login', body: { email: 'fan@example.com', password: 'hunter22' } }));
    expect(later).toEqual(reports);
    expect(later[0]).toMatchObject({ status: 500, message: 'Server error', url: '/api/v2/auth/login', requestData: { method: 'POST', body: { email: 'fan@example.com', password: 'hunter22' } } });
    // The api key the client added to the body is not the call's data: it never reaches a listener.
    expect(JSON.stringify(later)).not.toContain('api-1-channel-1');
    stop();
    await rejection(client.request({ url: '/events' }));
    expect(later).toHaveLength(1);
    expect(reports).toHaveLength(2);
  });

  it('keeps reporting to the others when a listener throws, and the call fails as it would have', async () => {
    const { client } = setup(() => ({ status: 503, json: { message: 'Down' } }));
    const seen: number[] = [];
    client.onRequestError(() => {
      throw new Error('broken listener');
    });
    client.onRequestError((report) => seen.push(report.status ?? 0));
    const error = await rejection(client.request({ url: '/events' }));
    expect(error.status).toBe(503);
    expect(seen).toEqual([503]);
  });
});
