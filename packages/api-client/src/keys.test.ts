import { KEY_INVALID_MESSAGE } from '@grandstand/contract';
import { describe, expect, it } from 'vitest';
import type { ApiError } from './ApiError.ts';
import { assertChannelKeySource, createKeys, KEY_CRASH_CODES, STORAGE_KEYS } from './keys.ts';
import type { ChannelKeySource } from './keys.ts';
import { createExpiringStorage, createMemoryStorage } from './storage.ts';
import { createFakeFetch } from './testing.ts';
import type { FakeReply } from './testing.ts';
import { createTransport } from './transport.ts';

const START = Date.parse('2026-03-01T12:00:00.000Z');
const LIFE = 60_000;
const refused: FakeReply = { status: 403, json: { message: KEY_INVALID_MESSAGE, errors: { channel_key: [KEY_INVALID_MESSAGE] } } };

/** Keys over a fake server whose key file and /get_api_key hand out numbered keys. */
function setup(source: ChannelKeySource = { channelKeyUrl: '/channel-key.json' }) {
  let files = 0;
  let issued = 0;
  const replies = {
    keyFile: (): FakeReply => ({ json: { channel_key: `channel-${++files}` } }),
    getApiKey: (channelKey: unknown): FakeReply => ({ json: { data: { api_key: `api-${++issued}-${String(channelKey)}` } } }),
  };
  const server = createFakeFetch((request) => (request.path === '/channel-key.json' ? replies.keyFile() : replies.getApiKey(request.body?.channel_key)));
  const storage = createExpiringStorage({ storage: createMemoryStorage(), prefix: 'p:', defaultLifeMs: LIFE, now: () => START });
  const failures: { error: ApiError; requestData: unknown; crashCodes: readonly string[] | undefined }[] = [];
  const sleeps: number[] = [];
  const keys = createKeys({
    source,
    baseUrl: '/api',
    storage,
    keyLifeMs: LIFE,
    retryDelayMs: 7,
    send: createTransport({ fetch: server.fetch, timeoutMs: 1_000 }),
    fail: (error, requestData, crashCodes) => failures.push({ error, requestData, crashCodes }),
    sleep: async (ms) => {
      sleeps.push(ms);
    },
  });
  return { keys, server, storage, replies, failures, sleeps, paths: () => server.calls.map((call) => call.path) };
}

describe('assertChannelKeySource', () => {
  it('wants exactly one non-empty source', () => {
    expect(() => assertChannelKeySource({ channelKey: 'k' })).not.toThrow();
    expect(() => assertChannelKeySource({ channelKeyUrl: '/channel-key.json' })).not.toThrow();
    for (const bad of [{}, { channelKey: 'k', channelKeyUrl: '/f' }, { channelKey: '' }, { channelKeyUrl: 3 }]) {
      expect(() => assertChannelKeySource(bad), JSON.stringify(bad)).toThrow(/createApiClient needs/);
    }
  });
});

describe('createKeys', () => {
  it('reads the key file once for callers that come together, and keeps the key for its life', async () => {
    const { keys, storage, paths } = setup();
    await expect(Promise.all([keys.getChannelKey(), keys.getChannelKey()])).resolves.toEqual(['channel-1', 'channel-1']);
    await expect(keys.getChannelKey()).resolves.toBe('channel-1');
    expect(paths()).toEqual(['/channel-key.json']);
    expect(storage.get(STORAGE_KEYS.channelKey)).toBe('channel-1');
  });

  it('reads no file and stores nothing for a key given to it', async () => {
    const { keys, storage, paths } = setup({ channelKey: 'given' });
    await expect(keys.getApiKey()).resolves.toBe('api-1-given');
    expect(paths()).toEqual(['/api/get_api_key']);
    expect(storage.get(STORAGE_KEYS.channelKey)).toBeNull();
    expect(storage.get(STORAGE_KEYS.apiKey)).toBe('api-1-given');
  });

  it('reports a key file without a key with the key calls’ crash codes', async () => {
    const { keys, replies, failures } = setup();
    replies.keyFile = () => ({ json: { channel_key: '' } });
    await expect(keys.getChannelKey()).rejects.toMatchObject({ kind: 'http', message: 'The channel key file has no channel_key' });
    expect(failures.map((f) => [f.requestData, f.crashCodes])).toEqual([[{ method: 'GET' }, KEY_CRASH_CODES]]);
  });

  it('discards a stored channel key the server no longer knows and fetches a fresh one, once (spec §8)', async () => {
    const { keys, replies, sleeps, paths, failures } = setup();
    await keys.getChannelKey();
    let refusals = 1;
    const issue = replies.getApiKey;
    replies.getApiKey = (channelKey) => (refusals-- > 0 ? refused : issue(channelKey));
    await expect(keys.getApiKey()).resolves.toBe('api-1-channel-2');
    expect(sleeps).toEqual([7]);
    expect(paths()).toEqual(['/channel-key.json', '/api/get_api_key', '/channel-key.json', '/api/get_api_key']);
    expect(failures).toEqual([]);
  });

  it('does not try again a key given to it that the server refuses', async () => {
    const { keys, replies, sleeps, failures } = setup({ channelKey: 'given' });
    replies.getApiKey = () => refused;
    await expect(keys.getApiKey()).rejects.toMatchObject({ kind: 'key-invalid' });
    expect(sleeps).toEqual([]);
    expect(failures.map((f) => [f.error.kind, f.crashCodes])).toEqual([['key-invalid', KEY_CRASH_CODES]]);
  });

  it('stores nothing from a fetch that clearKeys or setApiKey overtook', async () => {
    const { keys, storage } = setup();
    const cleared = keys.getApiKey();
    keys.clearKeys();
    await cleared;
    expect(storage.get(STORAGE_KEYS.apiKey)).toBeNull();
    const overtaken = keys.getApiKey();
    keys.setApiKey('session-key');
    await overtaken;
    expect(storage.get(STORAGE_KEYS.apiKey)).toBe('session-key');
    await expect(keys.getApiKey()).resolves.toBe('session-key');
    expect(() => keys.setApiKey('')).toThrow('setApiKey needs a non-empty key');
  });

  it('discards the api key a failed call used, not one that replaced it since', () => {
    const { keys, storage } = setup();
    keys.setApiKey('newer');
    keys.discardApiKey('older');
    expect(storage.get(STORAGE_KEYS.apiKey)).toBe('newer');
    keys.discardApiKey('newer');
    expect(storage.get(STORAGE_KEYS.apiKey)).toBeNull();
  });
});
