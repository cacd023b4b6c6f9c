import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { expiringStorage, fakeService, type Reply, type Received } from '../test/fakes.ts';
import {
  ANALYTICS_TIMEOUT_MS,
  BATCH_INTERVAL_MS,
  BATCH_SIZE,
  createDatalakeClient,
  deviceType,
  MAX_ATTEMPTS,
  SESSION_LIFE_MS,
  SESSION_STORAGE_KEY,
  TRK_LIFE_MS,
  type DatalakeClient,
} from './client.ts';
import type { DatalakeItem } from './types.ts';

const BASE = 'http://127.0.0.1:8090';
const PROFILE = 'nfsn-web-3f9a1c7e';
const DESKTOP_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';

const page = (event: string, url = 'http://127.0.0.1:8181/'): DatalakeItem => ({ call: 'event', body: { user_id: null, user_email: null, event, extras: {}, origin_url: url } });

let clients: DatalakeClient[] = [];
beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-03-01T12:00:00Z') });
});
afterEach(() => {
  for (const client of clients) client.dispose();
  clients = [];
  vi.useRealTimers();
});

function setup(handler?: (request: Received) => Reply | undefined, storage = expiringStorage()) {
  const service = fakeService(handler);
  const beacons: { url: string; data: string }[] = [];
  let beaconAccepts = true;
  const target = new EventTarget();
  const doc = { visibilityState: 'visible' as DocumentVisibilityState };
  const client = createDatalakeClient({
    url: `${BASE}/`,
    profile: PROFILE,
    storage,
    env: {
      fetch: service.fetch,
      target: target as unknown as Window,
      document: doc,
      navigator: {
        userAgent: DESKTOP_UA,
        sendBeacon: (url: string | URL, data?: BodyInit | null) => {
          if (!beaconAccepts) return false;
          beacons.push({ url: String(url), data: String(data) });
          return true;
        },
      },
      screen: { width: 1920, height: 1080 },
    },
  });
  clients.push(client);
  const hide = () => {
    doc.visibilityState = 'hidden';
    target.dispatchEvent(new Event('visibilitychange'));
  };
  return { client, service, storage, beacons, hide, target, refuseBeacons: () => (beaconAccepts = false) };
}

const settle = () => vi.advanceTimersByTimeAsync(0);

describe('the analytics session (spec §7, §9)', () => {
  it('is created when absent: the hash, then the session with the device, and is kept 24 h under the site prefix', async () => {
    const { client, service, storage } = setup();
    client.push(page('visit_page'));
    await client.flush();
    const [hash, session, batch] = service.received;
    expect(hash?.method).toBe('GET');
    expect(hash?.url.href).toBe(`${BASE}/datalake/hash/?profile=${PROFILE}`);
    expect(session?.url.pathname).toBe('/datalake/session/');
    expect(session?.body).toEqual({ profile: PROFILE, session: 'hash-1', device_type: 'desktop', user_agent: DESKTOP_UA, resolution: '1920x1080', platform: 'web' });
    expect(batch?.body).toMatchObject({ profile: PROFILE, session_uuid: 'hash-1' });
    expect(storage.get(SESSION_STORAGE_KEY)).toEqual({ hash: 'hash-1', profile: PROFILE });

    // Another page of the site, 23 h later: the same session, no new one.
    vi.advanceTimersByTime(SESSION_LIFE_MS - 3_600_000);
    const next = setup(undefined, storage);
    next.client.push(page('visit_page'));
    await next.client.flush();
    expect(next.service.calls('/datalake/hash/')).toHaveLength(0);
    expect(next.service.batches()[0]?.session_uuid).toBe('hash-1');

    // Past 24 h: a new session.
    vi.advanceTimersByTime(3_600_001);
    const later = setup(undefined, storage);
    later.client.push(page('visit_page'));
    await later.client.flush();
    expect(later.service.calls('/datalake/hash/')).toHaveLength(1);
  });

  it('is made at startup, before any event (spec §4)', async () => {
    const { service } = setup();
    await settle();
    expect(service.received.map((request) => request.url.pathname)).toEqual(['/datalake/hash/', '/datalake/session/']);
  });

  it('sends POSTs as text/plain JSON (no preflight) and never with credentials', async () => {
    const { client, service } = setup();
    client.push(page('visit_page'));
    await client.flush();
    for (const request of service.received.filter((r) => r.method === 'POST')) expect(request.contentType).toBe('text/plain;charset=UTF-8');
  });

  it('does not reuse a session signed for another profile key', async () => {
    const storage = expiringStorage();
    storage.set(SESSION_STORAGE_KEY, { hash: 'other-channel-hash', profile: 'ldl-web-8c2e5b14' }, SESSION_LIFE_MS);
    const { client, service } = setup(undefined, storage);
    client.push(page('visit_page'));
    await client.flush();
    expect(service.batches()[0]?.session_uuid).toBe('hash-1');
  });

  it('creates one session for calls made at once', async () => {
    const { client, service } = setup();
    client.push(page('visit_page'));
    await Promise.all([client.flush(), client.flush()]);
    expect(service.calls('/datalake/hash/')).toHaveLength(1);
  });

  it('tells the device type from the user agent', () => {
    expect(deviceType(DESKTOP_UA)).toBe('desktop');
    expect(deviceType('Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Mobile/15E148')).toBe('mobile');
    expect(deviceType('Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/140.0 Mobile Safari/537.36')).toBe('mobile');
    expect(deviceType('Mozilla/5.0 (Linux; Android 14; SM-X710) Chrome/140.0 Safari/537.36')).toBe('tablet');
    expect(deviceType('Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X)')).toBe('tablet');
  });
});

describe('the outer tracking value trk (spec §7, §9)', () => {
  it('is kept 3 h from the address it came in and forwarded on every call meanwhile', async () => {
    const { client, service } = setup();
    client.push(page('visit_page', 'http://127.0.0.1:8181/?trk=spring-mail'));
    client.push(page('visit_page', 'http://127.0.0.1:8181/live'));
    client.push({ call: 'video/viewing', body: { video_view_uuid: 'v1', stream_id: 4, stream_type: 'live', viewing_time: 30 } });
    await client.flush();
    expect(service.batches()[0]?.items.map((item) => item.body.trk)).toEqual(['spring-mail', 'spring-mail', 'spring-mail']);

    vi.advanceTimersByTime(TRK_LIFE_MS + 1);
    client.push(page('visit_page', 'http://127.0.0.1:8181/vod'));
    await client.flush();
    expect(service.batches()[1]?.items[0]?.body).not.toHaveProperty('trk');
  });

  it('ignores an oversized value', async () => {
    const { client, service } = setup();
    client.push(page('visit_page', `http://127.0.0.1:8181/?trk=${'x'.repeat(5_000)}`));
    await client.flush();
    expect(service.batches()[0]?.items[0]?.body).not.toHaveProperty('trk');
  });
});

describe('the queue', () => {
  it('goes as one batch a few seconds after the first item', async () => {
    const { client, service } = setup();
    client.push(page('visit_page'));
    client.push(page('login'));
    await vi.advanceTimersByTimeAsync(BATCH_INTERVAL_MS - 1);
    expect(service.batches()).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    await settle();
    expect(service.batches().map((batch) => batch.items.map((item) => item.body.event))).toEqual([['visit_page', 'login']]);
  });

  it(`goes at once when ${BATCH_SIZE} items wait`, async () => {
    const { client, service } = setup();
    for (let i = 0; i < BATCH_SIZE; i += 1) client.push(page('visit_page'));
    await settle();
    expect(service.batches()[0]?.items).toHaveLength(BATCH_SIZE);
  });

  it('retries a failed batch a bounded number of times, then drops it', async () => {
    const { client, service } = setup((request) => (request.url.pathname === '/datalake/batch/' ? { status: 503, json: { message: 'busy' } } : undefined));
    client.push(page('visit_page'));
    await client.flush();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(service.batches()).toHaveLength(MAX_ATTEMPTS);
    client.push(page('login'));
    await client.flush();
    // The dropped batch is gone: the next one carries only the new item.
    expect(service.batches().at(-1)?.items.map((item) => item.body.event)).toEqual(['login']);
  });

  it('honours Retry-After on a 429 before trying again', async () => {
    let throttled = true;
    const { client, service } = setup((request) => {
      if (request.url.pathname !== '/datalake/batch/' || !throttled) return undefined;
      throttled = false;
      return { status: 429, json: { message: 'Too many events' }, headers: { 'Retry-After': '20' } };
    });
    client.push(page('visit_page'));
    await client.flush();
    await vi.advanceTimersByTimeAsync(19_999);
    expect(service.batches()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await settle();
    expect(service.batches()).toHaveLength(2);
  });

  it('drops a batch the service names bad instead of sending it again', async () => {
    const { client, service } = setup((request) => (request.url.pathname === '/datalake/batch/' ? { status: 400, json: { message: 'unknown event', field: 'items.0.body.event' } } : undefined));
    client.push(page('visit_page'));
    await client.flush();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(service.batches()).toHaveLength(1);
  });

  it('makes a new session when the service no longer knows the stored one', async () => {
    let refused = 0;
    const storage = expiringStorage();
    storage.set(SESSION_STORAGE_KEY, { hash: 'stale', profile: PROFILE }, SESSION_LIFE_MS);
    const { client, service } = setup((request) => {
      if (request.url.pathname === '/datalake/batch/' && request.body?.session_uuid === 'stale') {
        refused += 1;
        return { status: 401, json: { message: 'unknown session', field: 'session_uuid' } };
      }
      return undefined;
    }, storage);
    client.push(page('visit_page'));
    await client.flush();
    await settle();
    await settle();
    expect(refused).toBe(1);
    expect(service.batches().map((batch) => batch.session_uuid)).toEqual(['stale', 'hash-1']);
  });

  it('stops sending from the page when the service refuses the profile key', async () => {
    const { client, service } = setup((request) => (request.url.pathname === '/datalake/hash/' ? { status: 401, json: { message: 'unknown profile', field: 'profile' } } : undefined));
    client.push(page('visit_page'));
    await client.flush();
    client.push(page('login'));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(service.calls('/datalake/hash/')).toHaveLength(1);
    expect(service.batches()).toHaveLength(0);
  });

  it('gives up on a call after 30 s (spec §9) and tries again later', async () => {
    let hangs = true;
    const { client, service } = setup((request) => (request.url.pathname === '/datalake/batch/' && hangs ? 'hang' : undefined));
    client.push(page('visit_page'));
    const flushing = client.flush();
    await vi.advanceTimersByTimeAsync(ANALYTICS_TIMEOUT_MS);
    await flushing;
    hangs = false;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(service.batches()).toHaveLength(2);
  });
});

describe('when the page hides', () => {
  it('sends what waits with sendBeacon, as text/plain JSON under the session', async () => {
    const { client, beacons, hide, service } = setup();
    client.push(page('visit_page'));
    await client.flush();
    client.push(page('login'));
    client.push({ call: 'video/viewing', body: { video_view_uuid: 'v1', stream_id: 4, stream_type: 'vod', viewing_time: 12.5 } });
    hide();
    expect(beacons).toHaveLength(1);
    expect(beacons[0]?.url).toBe(`${BASE}/datalake/batch/`);
    const sent = JSON.parse(beacons[0]?.data ?? '{}') as { profile: string; session_uuid: string; items: DatalakeItem[] };
    expect(sent).toMatchObject({ profile: PROFILE, session_uuid: 'hash-1' });
    expect(sent.items.map((item) => item.call)).toEqual(['event', 'video/viewing']);
    // Nothing is sent twice once the page is back.
    await vi.advanceTimersByTimeAsync(BATCH_INTERVAL_MS * 2);
    expect(service.batches()).toHaveLength(1);
  });

  it('also on pagehide; keeps what the browser refuses for later', async () => {
    const { client, beacons, target, refuseBeacons, service } = setup();
    client.push(page('visit_page'));
    await client.flush();
    client.push(page('login'));
    refuseBeacons();
    target.dispatchEvent(new Event('pagehide'));
    expect(beacons).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(BATCH_INTERVAL_MS);
    await settle();
    expect(service.batches().at(-1)?.items.map((item) => item.body.event)).toEqual(['login']);
  });
});
