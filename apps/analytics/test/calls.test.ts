import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { issueSessionHash } from '../src/sessionHash.ts';
import {
  count,
  firstFrame,
  LAURENTIDES_KEY,
  NORTHFIELD_KEY,
  post,
  rows,
  SECRET,
  sessionBody,
  sessionFor,
  type TestApp,
  testApp,
  viewing,
  visitPage,
} from './helpers.ts';

let t: TestApp;
let session: string;
beforeEach(async () => {
  t = await testApp();
  session = await sessionFor(t.app, NORTHFIELD_KEY);
});
afterEach(() => t.close());

const base = () => ({ profile: NORTHFIELD_KEY, session_uuid: session });

describe('GET /datalake/hash/', () => {
  it('answers a session hash for a known profile, with and without the trailing slash', async () => {
    const first = await t.app.inject({ method: 'GET', url: `/datalake/hash/?profile=${NORTHFIELD_KEY}` });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ data: expect.stringMatching(/^[\w-]{22}\.[\w-]{43}$/) });
    expect(first.headers['access-control-allow-origin']).toBe('*');
    const second = await t.app.inject({ method: 'GET', url: `/datalake/hash?profile=${NORTHFIELD_KEY}` });
    expect(second.json().data).not.toBe(first.json().data);
  });

  it.each([['unknown', '?profile=nobody-knows-this'], ['missing', ''], ['a prototype key', '?profile=__proto__'], ['repeated', `?profile=${NORTHFIELD_KEY}&profile=${NORTHFIELD_KEY}`]])(
    'answers 401 naming profile for a %s profile',
    async (_case, query) => {
      const response = await t.app.inject({ method: 'GET', url: `/datalake/hash/${query}` });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: expect.any(String), field: 'profile' });
    },
  );
});

describe('the profile key and the session hash', () => {
  it('refuses an unknown or missing profile with 401 naming profile, storing nothing', async () => {
    for (const profile of ['nobody-knows-this', undefined, 12345678, { key: NORTHFIELD_KEY }]) {
      const response = await post(t.app, '/datalake/event/', { ...visitPage, profile, session_uuid: session });
      expect(response.statusCode).toBe(401);
      expect(response.json().field).toBe('profile');
    }
    expect(await count(t.store)).toBe(0);
  });

  it('refuses a forged, altered or missing session hash with 401 naming the session field', async () => {
    const [id, mac] = session.split('.') as [string, string];
    const flipped = `${mac.slice(0, 10)}${mac[10] === 'A' ? 'B' : 'A'}${mac.slice(11)}`;
    const forged = [`${id}.${flipped}`, `${id.replace(/^./, id[0] === 'a' ? 'b' : 'a')}.${mac}`, issueSessionHash('another-secret-of-thirty-two-characters', NORTHFIELD_KEY), 'not-a-hash', '', null, 7];
    for (const hash of forged) {
      const response = await post(t.app, '/datalake/event/', { ...visitPage, profile: NORTHFIELD_KEY, session_uuid: hash });
      expect(response.statusCode, String(hash)).toBe(401);
      expect(response.json()).toEqual({ message: expect.any(String), field: 'session_uuid' });
    }
    const noSession = await post(t.app, '/datalake/session/', { ...sessionBody, profile: NORTHFIELD_KEY, session: 'x.y' });
    expect(noSession.statusCode).toBe(401);
    expect(noSession.json().field).toBe('session');
    expect(await count(t.store)).toBe(0);
  });

  it('refuses a second spelling of the same signature (base64url spare bits)', async () => {
    const [id, mac] = session.split('.') as [string, string];
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const last = alphabet.indexOf(mac.at(-1)!);
    // The 43rd character carries 2 bits the 32 bytes do not use: the same bytes, another text.
    const respelt = `${id}.${mac.slice(0, -1)}${alphabet[last ^ 1]}`;
    const response = await post(t.app, '/datalake/event/', { ...visitPage, profile: NORTHFIELD_KEY, session_uuid: respelt });
    expect(response.statusCode).toBe(401);
  });

  it("refuses channel A's session with channel B's profile key (401), whichever way round", async () => {
    const laurentides = await sessionFor(t.app, LAURENTIDES_KEY);
    const crossed = await post(t.app, '/datalake/event/', { ...visitPage, profile: NORTHFIELD_KEY, session_uuid: laurentides });
    expect(crossed.statusCode).toBe(401);
    expect(crossed.json().field).toBe('session_uuid');
    const reversed = await post(t.app, '/datalake/batch/', { profile: LAURENTIDES_KEY, session_uuid: session, items: [{ call: 'event', body: visitPage }] });
    expect(reversed.statusCode).toBe(401);
    expect(await count(t.store)).toBe(0);
  });

  it("stores every row under the key's channel, whatever channel the body claims", async () => {
    const laurentides = await sessionFor(t.app, LAURENTIDES_KEY);
    const claims = { channel: 'northfield', channel_id: 1 };
    expect((await post(t.app, '/datalake/event/', { ...visitPage, ...claims, profile: LAURENTIDES_KEY, session_uuid: laurentides })).statusCode).toBe(200);
    expect(
      (await post(t.app, '/datalake/batch/', { ...claims, profile: LAURENTIDES_KEY, session_uuid: laurentides, items: [{ call: 'video/viewing', body: { ...viewing, channel: 'northfield' } }] })).statusCode,
    ).toBe(200);
    const stored = await rows(t.store);
    expect(stored.map((row) => row['channel'])).toEqual(['laurentides', 'laurentides']);
    expect(stored.every((row) => row['session_uuid'] === laurentides)).toBe(true);
  });
});

describe('POST /datalake/session/', () => {
  it('stores the session row, with the address the site reports or the one the call came from', async () => {
    const response = await post(t.app, '/datalake/session/', { ...sessionBody, profile: NORTHFIELD_KEY, session, ip: '203.0.113.9', trk: 'spring-promo' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: 'ok' });
    const second = await sessionFor(t.app, NORTHFIELD_KEY);
    expect((await post(t.app, '/datalake/session/', { ...sessionBody, profile: NORTHFIELD_KEY, session: second })).statusCode).toBe(200);
    const stored = await rows(t.store, "kind = 'session'");
    expect(stored[0]).toMatchObject({ channel: 'northfield', kind: 'session', event: null, session_uuid: session, ip: '203.0.113.9', device_type: 'desktop', resolution: '1920x1080', platform: 'web', trk: 'spring-promo' });
    expect(stored[1]).toMatchObject({ session_uuid: second, ip: '127.0.0.1' });
  });

  it('believes X-Forwarded-For only from a trusted proxy', async () => {
    const send = async (app: TestApp['app'], ip: string) => {
      const hash = await sessionFor(app, NORTHFIELD_KEY);
      const response = await app.inject({
        method: 'POST',
        url: '/datalake/session/',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
        payload: JSON.stringify({ ...sessionBody, profile: NORTHFIELD_KEY, session: hash }),
      });
      expect(response.statusCode).toBe(200);
      return hash;
    };
    const untrusted = await send(t.app, '198.51.100.7');
    expect((await rows(t.store, `session_uuid = '${untrusted}'`))[0]).toMatchObject({ ip: '127.0.0.1' });
    const behindProxy = await testApp({}, { trustProxy: ['127.0.0.1'] });
    try {
      const trusted = await send(behindProxy.app, '198.51.100.7');
      expect((await rows(behindProxy.store, `session_uuid = '${trusted}'`))[0]).toMatchObject({ ip: '198.51.100.7' });
    } finally {
      await behindProxy.close();
    }
  });

  it.each([
    ['resolution', { resolution: '1920*1080' }],
    ['resolution', { resolution: '0x0' }],
    ['platform', { platform: 'ios' }],
    ['ip', { ip: '999.1.1.1' }],
    ['device_type', { device_type: 'x'.repeat(33) }],
    ['user_agent', { user_agent: 'x'.repeat(1025) }],
    ['user_agent', { user_agent: 'a\u0000b' }],
    ['device_type', { device_type: undefined }],
  ])('refuses a bad %s with 400 naming it', async (field, change) => {
    const response = await post(t.app, '/datalake/session/', { ...sessionBody, profile: NORTHFIELD_KEY, session, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: expect.stringContaining(field), field });
    expect(await count(t.store)).toBe(0);
  });
});

describe('POST /datalake/event/', () => {
  it('copies the funnel fields out of extras into their columns', async () => {
    const extras = { product_type: 'package', product_id: '17', product_name: 'Season pass', amount: 49.99, currency: 'cad', reason: 'card_declined', page: '/packages/17' };
    const response = await post(t.app, '/datalake/event/', { ...base(), user_id: 5, user_email: 'fan@example.com', event: 'purchase_failed', extras, origin_url: 'https://northfield.example/packages/17', trk: 'abc' });
    expect(response.statusCode).toBe(200);
    const [row] = await rows(t.store);
    expect(row).toMatchObject({ kind: 'event', event: 'purchase_failed', user_id: '5', user_email: 'fan@example.com', product_type: 'package', product_id: '17', product_name: 'Season pass', amount: '49.99', currency: 'CAD', reason: 'card_declined', trk: 'abc' });
    expect(JSON.parse(row!['extras'] as string)).toMatchObject({ page: '/packages/17', product_id: 17 });
  });

  it('accepts the body as text/plain JSON (sendBeacon, no preflight)', async () => {
    const response = await post(t.app, '/datalake/event/', JSON.stringify({ ...base(), ...visitPage }), 'text/plain;charset=UTF-8');
    expect(response.statusCode).toBe(200);
    expect(await count(t.store, "event = 'visit_page'")).toBe(1);
  });

  it.each([
    ['event', { event: 'delete_everything' }],
    ['event', { event: undefined }],
    ['user_id', { user_id: -1 }],
    ['user_id', { user_id: 1.5 }],
    ['user_id', { user_id: '12abc' }],
    ['user_email', { user_email: `${'x'.repeat(250)}@example.com` }],
    ['origin_url', { origin_url: 'x'.repeat(2049) }],
    ['origin_url', { origin_url: 42 }],
    ['extras', { extras: [1, 2] }],
    ['extras', { extras: 'text' }],
    ['extras', { extras: { blob: 'x'.repeat(5000) } }],
    ['extras.amount', { extras: { amount: '12' } }],
    ['extras.amount', { extras: { amount: 1e13 } }],
    ['extras.currency', { extras: { currency: 'dollars' } }],
    ['extras.product_type', { extras: { product_type: 'car' } }],
    ['extras.product_id', { extras: { product_id: 0 } }],
    ['trk', { trk: 'x'.repeat(257) }],
  ])('refuses a bad %s with 400 naming it', async (field, change) => {
    const response = await post(t.app, '/datalake/event/', { ...base(), ...visitPage, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json().field).toBe(field);
    expect(await count(t.store)).toBe(0);
  });

  it('refuses bodies that are not a JSON object, too large, or of another type, naming body', async () => {
    const cases = [
      await post(t.app, '/datalake/event/', '[1,2]'),
      await post(t.app, '/datalake/event/', '"text"'),
      await post(t.app, '/datalake/event/', '{"profile":'),
      await post(t.app, '/datalake/event/', '{"profile": 1', 'text/plain'),
      await post(t.app, '/datalake/event/', JSON.stringify({ ...base(), ...visitPage, padding: 'x'.repeat(70_000) })),
      await post(t.app, '/datalake/event/', 'profile=x', 'application/x-www-form-urlencoded'),
      await post(t.app, '/datalake/event/', `{"__proto__": {"admin": true}, "profile": "${NORTHFIELD_KEY}"}`, 'text/plain'),
    ];
    expect(cases.map((response) => response.statusCode)).toEqual([400, 400, 400, 400, 413, 415, 400]);
    for (const response of cases) expect(response.json().field).toBe('body');
    expect(await count(t.store)).toBe(0);
  });
});

describe('POST /datalake/video/event/ and /datalake/video/viewing/', () => {
  it('stores a video event (first_frame by default, with its ttff) and a viewing slice with its tags', async () => {
    const { event: _event, ...noEvent } = firstFrame;
    expect((await post(t.app, '/datalake/video/event/', { ...base(), ...noEvent, stream_title: 'Owls v Hawks' })).statusCode).toBe(200);
    expect((await post(t.app, '/datalake/video/event/', { ...base(), ...firstFrame, event: 'error', reason: 'network', ttff_ms: 9 })).statusCode).toBe(200);
    expect((await post(t.app, '/datalake/video/viewing/', { ...base(), ...viewing, user_id: 3 })).statusCode).toBe(200);
    const stored = await rows(t.store);
    expect(stored[0]).toMatchObject({ kind: 'video', event: 'first_frame', ttff_ms: 850, stream_id: '42', stream_type: 'live', stream_title: 'Owls v Hawks' });
    // The ttff belongs to first_frame only, the reason to error only.
    expect(stored[1]).toMatchObject({ kind: 'video', event: 'error', ttff_ms: null, reason: 'network' });
    expect(stored[2]).toMatchObject({ kind: 'viewing', event: null, viewing_seconds: 30, sport: 'Hockey', team: 'Northfield Owls', user_id: '3' });
  });

  it('takes the on-demand library\'s videos and clips as streams (spec §7 video calls)', async () => {
    for (const stream_type of ['vod_media', 'clip']) {
      expect((await post(t.app, '/datalake/video/event/', { ...base(), ...firstFrame, stream_type, event: 'start' })).statusCode).toBe(200);
      expect((await post(t.app, '/datalake/video/viewing/', { ...base(), ...viewing, stream_type })).statusCode).toBe(200);
    }
    const stored = await rows(t.store);
    expect(stored.map((row) => [row.kind, row.stream_type])).toEqual([
      ['video', 'vod_media'],
      ['viewing', 'vod_media'],
      ['video', 'clip'],
      ['viewing', 'clip'],
    ]);
  });

  it.each([
    ['/datalake/video/event/', 'event', { event: 'rewind' }],
    ['/datalake/video/event/', 'stream_type', { stream_type: 'radio' }],
    ['/datalake/video/event/', 'stream_id', { stream_id: 'abc' }],
    ['/datalake/video/event/', 'ttff_ms', { ttff_ms: -5 }],
    ['/datalake/video/event/', 'video_view_uuid', { video_view_uuid: '' }],
    ['/datalake/video/viewing/', 'viewing_time', { viewing_time: 0 }],
    ['/datalake/video/viewing/', 'viewing_time', { viewing_time: 301 }],
    ['/datalake/video/viewing/', 'viewing_time', { viewing_time: '30' }],
    ['/datalake/video/viewing/', 'school', { school: 'x'.repeat(201) }],
  ])('%s refuses a bad %s with 400 naming it', async (url, field, change) => {
    const body = url.endsWith('viewing/') ? viewing : firstFrame;
    const response = await post(t.app, url, { ...base(), ...body, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json().field).toBe(field);
  });
});

describe('POST /datalake/batch/', () => {
  it('stores every item of a batch, under one session', async () => {
    const items = [
      { call: 'event', body: visitPage },
      { call: 'video/event', body: firstFrame },
      { call: 'video/viewing', body: viewing },
    ];
    const response = await post(t.app, '/datalake/batch/', { ...base(), items });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: 'ok' });
    expect((await rows(t.store)).map((row) => row['kind'])).toEqual(['event', 'video', 'viewing']);
  });

  it('refuses the whole batch for one bad item, naming its path, and stores none of it', async () => {
    const items = [visitPage, visitPage, visitPage, { ...visitPage, event: 'nope' }].map((body) => ({ call: 'event', body }));
    const response = await post(t.app, '/datalake/batch/', { ...base(), items });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'items.3.body.event' });
    const badCall = await post(t.app, '/datalake/batch/', { ...base(), items: [{ call: 'event', body: visitPage }, { call: 'session', body: sessionBody }] });
    expect(badCall.json().field).toBe('items.1.call');
    const badViewing = await post(t.app, '/datalake/batch/', { ...base(), items: [{ call: 'video/viewing', body: { ...viewing, viewing_time: 1e9 } }] });
    expect(badViewing.json().field).toBe('items.0.body.viewing_time');
    expect(await count(t.store)).toBe(0);
  });

  it('takes 1 to 100 items', async () => {
    const empty = await post(t.app, '/datalake/batch/', { ...base(), items: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().field).toBe('items');
    const tooMany = await post(t.app, '/datalake/batch/', { ...base(), items: Array.from({ length: 101 }, () => ({ call: 'event', body: visitPage })) });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().field).toBe('items');
    const notArray = await post(t.app, '/datalake/batch/', { ...base(), items: { 0: { call: 'event', body: visitPage } } });
    expect(notArray.json().field).toBe('items');
    const full = await post(t.app, '/datalake/batch/', { ...base(), items: Array.from({ length: 100 }, () => ({ call: 'event', body: visitPage })) });
    expect(full.statusCode).toBe(200);
    expect(await count(t.store)).toBe(100);
  });
});

describe('CORS and the rest', () => {
  it('answers any origin’s preflight, without credentials, and no Authorization header', async () => {
    const response = await t.app.inject({
      method: 'OPTIONS',
      url: '/datalake/batch/',
      headers: { origin: 'https://anything.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['access-control-allow-methods']).toContain('POST');
    expect(response.headers['access-control-allow-headers']).toBe('Content-Type');
    expect(response.headers['access-control-allow-credentials']).toBeUndefined();
    const admin = await t.app.inject({ method: 'OPTIONS', url: '/admin/forget', headers: { origin: 'https://anything.example', 'access-control-request-method': 'POST' } });
    expect(admin.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers /healthz, unknown routes with 404 JSON, and a bad address with 400 naming url', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({
      data: { status: 'ok', queued: 0, queue_limit: 20_000, committed_rows: 0, commits: 0, dropped: { address_rate: 0, session_rate: 0, session_day: 0, batch: 0 } },
    });
    const missing = await t.app.inject({ method: 'POST', url: '/datalake/nothing/' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().field).toBe('url');
    const bad = await t.app.inject({ method: 'GET', url: '/datalake/hash/%E0%A4%A' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('url');
  });

  it('never lets a valid session of one profile be reissued by a hash of another secret', () => {
    expect(issueSessionHash(SECRET, NORTHFIELD_KEY)).not.toBe(issueSessionHash(SECRET, NORTHFIELD_KEY));
  });
});
