import type { AnalyticsStorage } from '../datalake/types.ts';

/** The site's prefixed storage with expiry, as `@grandstand/api-client` keeps it, read on `Date.now()` (fake timers move it). */
export function expiringStorage(): AnalyticsStorage & { entries: Map<string, { value: unknown; expiresAt: number }> } {
  const entries = new Map<string, { value: unknown; expiresAt: number }>();
  return {
    entries,
    get<T>(key: string): T | null {
      const entry = entries.get(key);
      if (!entry || entry.expiresAt <= Date.now()) return null;
      return entry.value as T;
    },
    set(key, value, lifeMs = 360 * 86_400_000) {
      entries.set(key, { value, expiresAt: Date.now() + lifeMs });
    },
    remove(key) {
      entries.delete(key);
    },
  };
}

export interface Received {
  method: string;
  url: URL;
  contentType: string | null;
  body: Record<string, unknown> | undefined;
}

export type Reply = { status?: number; json?: unknown; headers?: Record<string, string> } | 'network-error' | 'hang';

/** The analytics service in memory: answers the hash, session and batch calls through `handler` (default: all well). */
export function fakeService(handler: (request: Received) => Reply | undefined = () => undefined) {
  const received: Received[] = [];
  let sessions = 0;
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const headers = new Headers(init?.headers);
    const text = typeof init?.body === 'string' ? init.body : undefined;
    const request: Received = { method: init?.method ?? 'GET', url, contentType: headers.get('content-type'), body: text === undefined ? undefined : (JSON.parse(text) as Record<string, unknown>) };
    received.push(request);
    const reply = handler(request) ?? defaultReply(request);
    if (reply === 'network-error') throw new TypeError('Failed to fetch');
    if (reply === 'hang') {
      return new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
    }
    return new Response(JSON.stringify(reply.json ?? { data: 'ok' }), { status: reply.status ?? 200, headers: reply.headers });
  }) as typeof globalThis.fetch;
  function defaultReply(request: Received): Reply {
    if (request.url.pathname === '/datalake/hash/') return { json: { data: `hash-${++sessions}` } };
    return { json: { data: 'ok' } };
  }
  const calls = (path: string) => received.filter((request) => request.url.pathname === path);
  return { fetch, received, calls, batches: () => calls('/datalake/batch/').map((request) => request.body as { profile: string; session_uuid: string; items: { call: string; body: Record<string, unknown> }[] }) };
}
