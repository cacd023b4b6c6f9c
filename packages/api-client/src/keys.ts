import type { ChannelKeyFile, GetApiKeyResponse } from '@grandstand/contract';
import { ApiError, asApiError } from './ApiError.ts';
import type { Fail } from './reports.ts';
import type { ExpiringStorage } from './storage.ts';
import { isRecord } from './transport.ts';
import type { Send } from './transport.ts';
import { joinUrl } from './url.ts';

/** spec §9: local storage entries live about 360 days. */
export const DEFAULT_KEY_LIFE_MS = 360 * 24 * 60 * 60 * 1000;
/** spec §8: the key calls crash the site on any 4xx or 5xx, since nothing works without a key. */
export const KEY_CRASH_CODES: readonly string[] = ['5xx', '4xx'];
/** The entries the client keeps in storage, under the product prefix. */
export const STORAGE_KEYS = { channelKey: 'channel_key', apiKey: 'api_key', user: 'user' } as const;

/**
 * Where the client gets the channel key (spec §4 startup step 1): exactly one of the two.
 * - `channelKeyUrl`: the channel key file (contract CHANNEL_KEY_FILE), which answers
 *   { channel_key }: the channel's own site, served by the server that knows the channel by host.
 * - `channelKey`: the key itself (it is public), for an app served elsewhere (its own origin, a CDN)
 *   that is built for one channel: no file is read, and nothing is stored for it.
 */
export type ChannelKeySource = { channelKeyUrl: string; channelKey?: never } | { channelKey: string; channelKeyUrl?: never };

/** Checked at run time too: a JavaScript caller gets no type error for giving both, or neither. */
export function assertChannelKeySource(source: { channelKey?: unknown; channelKeyUrl?: unknown }): void {
  const given = [source.channelKey, source.channelKeyUrl].filter((value) => value !== undefined);
  if (given.length !== 1) throw new Error('createApiClient needs exactly one of channelKey and channelKeyUrl');
  if (typeof given[0] !== 'string' || given[0] === '') throw new Error('createApiClient needs a non-empty channelKey or channelKeyUrl');
}

export interface KeysOptions {
  source: ChannelKeySource;
  /** The API base, where POST /get_api_key is. */
  baseUrl: string;
  storage: ExpiringStorage;
  keyLifeMs: number;
  /** The pause before a stored channel key the server no longer knows is fetched afresh. */
  retryDelayMs: number;
  send: Send;
  fail: Fail;
  sleep: (ms: number) => Promise<void>;
}

export interface Keys {
  /** Startup step 1 (spec §4): the given key, the stored one, or the key file's; cached. */
  getChannelKey(): Promise<string>;
  /** Startup step 2 (spec §4): the stored api key, or POST /get_api_key; cached. */
  getApiKey(): Promise<string>;
  /** Forgets both keys; a key fetch under way stores nothing when it lands. */
  clearKeys(): void;
  /** Stores a key a login answered as if it had been fetched. */
  setApiKey(key: string): void;
  /** Drops the api key a failed call used, unless a newer one already replaced it. */
  discardApiKey(used: string): void;
}

interface SharedSlot<T> {
  current: Promise<T> | null;
}

/** One fetch at a time: callers that come while it runs share it. */
function shared<T>(slot: SharedSlot<T>, run: () => Promise<T>): Promise<T> {
  if (slot.current) return slot.current;
  const promise = run().finally(() => {
    if (slot.current === promise) slot.current = null;
  });
  slot.current = promise;
  return promise;
}

function readChannelKey(value: unknown): ChannelKeyFile['channel_key'] | null {
  return isRecord(value) && typeof value.channel_key === 'string' && value.channel_key !== '' ? value.channel_key : null;
}

function readApiKey(value: unknown): GetApiKeyResponse['data']['api_key'] | null {
  if (!isRecord(value) || !isRecord(value.data)) return null;
  const apiKey = value.data.api_key;
  return typeof apiKey === 'string' && apiKey !== '' ? apiKey : null;
}

/** The channel key and the api key (spec §4, §8): where they come from and how long they are kept. */
export function createKeys(options: KeysOptions): Keys {
  const { storage, keyLifeMs, send, fail } = options;
  const fixedChannelKey = options.source.channelKey;
  const channelKeySlot: SharedSlot<string> = { current: null };
  const apiKeySlot: SharedSlot<string> = { current: null };
  // Bumped when keys are cleared, so a key fetch started before does not store a stale key.
  let keyGeneration = 0;

  function getChannelKey(): Promise<string> {
    if (fixedChannelKey !== undefined) return Promise.resolve(fixedChannelKey);
    const cached = storage.get<unknown>(STORAGE_KEYS.channelKey);
    if (typeof cached === 'string' && cached) return Promise.resolve(cached);
    return shared(channelKeySlot, async () => {
      const generation = keyGeneration;
      const url = options.source.channelKeyUrl ?? '';
      let channelKey: string;
      try {
        const read = readChannelKey(await send({ method: 'GET', fetchUrl: url, url }));
        if (read === null) throw new ApiError({ message: 'The channel key file has no channel_key', kind: 'http', status: 200, url });
        channelKey = read;
      } catch (error) {
        fail(asApiError(error, url), { method: 'GET' }, KEY_CRASH_CODES);
        throw error;
      }
      if (generation === keyGeneration) storage.set(STORAGE_KEYS.channelKey, channelKey, keyLifeMs);
      return channelKey;
    });
  }

  async function exchangeChannelKey(channelKey: string): Promise<string> {
    const url = joinUrl(options.baseUrl, '/get_api_key');
    const apiKey = readApiKey(await send({ method: 'POST', fetchUrl: url, url, body: { channel_key: channelKey } }));
    if (apiKey === null) throw new ApiError({ message: 'The api key answer has no data.api_key', kind: 'http', status: 200, url });
    return apiKey;
  }

  function getApiKey(): Promise<string> {
    const cached = storage.get<unknown>(STORAGE_KEYS.apiKey);
    if (typeof cached === 'string' && cached) return Promise.resolve(cached);
    return shared(apiKeySlot, async () => {
      const generation = keyGeneration;
      // A key given to the client is the only one it has: refused, it is not worth a second try.
      const channelKeyWasStored = fixedChannelKey === undefined && storage.get<unknown>(STORAGE_KEYS.channelKey) !== null;
      let apiKey: string;
      try {
        apiKey = await exchangeChannelKey(await getChannelKey());
      } catch (error) {
        const apiError = asApiError(error, joinUrl(options.baseUrl, '/get_api_key'));
        if (apiError.kind === 'key-invalid') storage.remove(STORAGE_KEYS.channelKey);
        if (!(channelKeyWasStored && apiError.kind === 'key-invalid')) {
          fail(apiError, { method: 'POST' }, KEY_CRASH_CODES);
          throw apiError;
        }
        // spec §8: a stored channel key the server no longer knows is discarded and fetched afresh, once.
        await options.sleep(options.retryDelayMs);
        try {
          apiKey = await exchangeChannelKey(await getChannelKey());
        } catch (second) {
          const secondError = asApiError(second, apiError.url);
          if (secondError.kind === 'key-invalid') storage.remove(STORAGE_KEYS.channelKey);
          fail(secondError, { method: 'POST' }, KEY_CRASH_CODES);
          throw secondError;
        }
      }
      if (generation === keyGeneration) storage.set(STORAGE_KEYS.apiKey, apiKey, keyLifeMs);
      return apiKey;
    });
  }

  return {
    getChannelKey,
    getApiKey,
    clearKeys() {
      keyGeneration += 1;
      storage.remove(STORAGE_KEYS.channelKey);
      storage.remove(STORAGE_KEYS.apiKey);
      channelKeySlot.current = null;
      apiKeySlot.current = null;
    },
    setApiKey(key) {
      if (key === '') throw new Error('setApiKey needs a non-empty key');
      // A key fetch still under way must not overwrite the session's key when it lands.
      keyGeneration += 1;
      apiKeySlot.current = null;
      storage.set(STORAGE_KEYS.apiKey, key, keyLifeMs);
    },
    discardApiKey(used) {
      if (storage.get<unknown>(STORAGE_KEYS.apiKey) === used) storage.remove(STORAGE_KEYS.apiKey);
    },
  };
}
