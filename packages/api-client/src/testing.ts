/**
 * A fake `fetch` for tests of anything built on the client: the network is the one outside
 * boundary, so tests replace it and keep the real transport.
 */

export interface FakeRequest {
  method: string;
  url: URL;
  /** The path, e.g. '/api/settings'. */
  path: string;
  query: Record<string, string>;
  /** The parsed JSON body, when one was sent. */
  body: Record<string, unknown> | undefined;
  signal: AbortSignal | undefined;
}

export type FakeReply =
  | { status?: number; json?: unknown; text?: string; headers?: Record<string, string> }
  /** The request fails as if the server were unreachable. */
  | { networkError: true }
  /** The server never answers; the request ends only when aborted (time-out or cancel). */
  | { hang: true };

export type FakeHandler = (request: FakeRequest) => FakeReply | Promise<FakeReply>;

export interface FakeFetch {
  fetch: typeof fetch;
  /** Every request received, in order. */
  calls: FakeRequest[];
}

function abortError(): Error {
  const error = new Error('This operation was aborted');
  error.name = 'AbortError';
  return error;
}

export function createFakeFetch(handler: FakeHandler): FakeFetch {
  const calls: FakeRequest[] = [];
  const fakeFetch = async (input: Parameters<typeof fetch>[0], init?: RequestInit): Promise<Response> => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const text = typeof init?.body === 'string' ? init.body : undefined;
    const signal = init?.signal ?? undefined;
    const request: FakeRequest = {
      method: (init?.method ?? 'GET').toUpperCase(),
      url,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body: text === undefined ? undefined : (JSON.parse(text) as Record<string, unknown>),
      signal,
    };
    calls.push(request);
    if (signal?.aborted) throw abortError();
    const reply = await handler(request);
    if ('networkError' in reply) throw new TypeError('fetch failed');
    if ('hang' in reply) {
      return new Promise<Response>((_resolve, reject) => {
        signal?.addEventListener('abort', () => reject(abortError()), { once: true });
      });
    }
    if (signal?.aborted) throw abortError();
    const status = reply.status ?? 200;
    const body = reply.text ?? (reply.json === undefined ? '' : JSON.stringify(reply.json));
    // Response refuses a body on 204 and similar statuses.
    const bodyless = status === 204 || status === 205 || status === 304;
    return new Response(bodyless ? null : body, { status, headers: { 'Content-Type': 'application/json', ...reply.headers } });
  };
  return { fetch: fakeFetch as typeof fetch, calls };
}

export interface FakeChannelApiOptions {
  /** Handlers by 'METHOD /path' under apiBase, e.g. 'GET /settings'. Others answer 404. */
  routes: Record<string, FakeHandler>;
  /** Default '/api'. */
  apiBase?: string;
  /** Default '/channel-key.json' (contract CHANNEL_KEY_FILE). */
  channelKeyUrl?: string;
  channelKey?: string;
  apiKey?: string;
  /**
   * Other api keys the fake accepts, e.g. the session keys a fake login route hands out (the
   * session is the api key). Asked on every call, so a route can add keys as it issues them.
   */
  acceptsApiKey?: (key: string) => boolean;
}

/**
 * A channel API in memory: it serves the key file and /get_api_key, refuses calls without the
 * issued api_key as the server does (spec §8), and hands every other call to `routes`.
 */
export function createFakeChannelApi(options: FakeChannelApiOptions): FakeFetch {
  const apiBase = options.apiBase ?? '/api';
  const channelKeyUrl = options.channelKeyUrl ?? '/channel-key.json';
  const channelKey = options.channelKey ?? 'test-channel-key-0001';
  const apiKey = options.apiKey ?? 'test-api-key-0001';
  const keyInvalid = (field: string): FakeReply => ({
    status: 403,
    json: { message: 'No chanel or api key found', errors: { [field]: ['No chanel or api key found'] } },
  });
  return createFakeFetch((request) => {
    if (request.path === channelKeyUrl) return { json: { channel_key: channelKey } };
    if (!request.path.startsWith(`${apiBase}/`)) return { status: 404, json: { message: 'Not found' } };
    const path = request.path.slice(apiBase.length);
    if (request.method === 'POST' && path === '/get_api_key') {
      return request.body?.channel_key === channelKey ? { json: { data: { api_key: apiKey } } } : keyInvalid('channel_key');
    }
    const sentKey = request.method === 'GET' || request.method === 'DELETE' ? request.query.api_key : request.body?.api_key;
    const accepted = sentKey === apiKey || (typeof sentKey === 'string' && options.acceptsApiKey?.(sentKey) === true);
    if (!accepted) return keyInvalid('api_key');
    const handler = options.routes[`${request.method} ${path}`];
    return handler ? handler(request) : { status: 404, json: { message: 'Not found' } };
  });
}
