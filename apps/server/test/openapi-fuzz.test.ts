import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUsersRepository, hashPassword, startSession } from '../src/modules/accounts/index.ts';
import { buildTestApp, engine, type TestApp } from './helper.ts';
import { type Case, type Failure, hashString, keyCases, negativeCase, type Operation, operationsOf, positiveCase, type Pools, responseChecker } from './support/fuzz.ts';

// The API against its own document, over a real loopback socket: every operation gets valid and
// broken input (see test/support/fuzz.ts); no answer may be a 5xx, an undocumented status or a body
// that does not match the documented schema. A fixed seed: a failure replays the same way.
// FUZZ_SEED and FUZZ_CASES run a longer or different search by hand; npm test keeps these.
const SEED = Number(process.env.FUZZ_SEED ?? 20_260_601);
const POSITIVE_CASES = Number(process.env.FUZZ_CASES ?? 25);
const NEGATIVE_CASES = POSITIVE_CASES;
const CONCURRENCY = 4;
const EMAIL = 'fuzz.viewer@example.test';
const PASSWORD = 'fuzzing viewer password';

let t: TestApp;
let base: string;
let document: Record<string, unknown>;
let pools: Pools;
let channelId: number;
let userId: number;

beforeAll(async () => {
  // Google configured (endpoints given, so nothing is fetched): the login redirect is reached too.
  const google = { issuer: 'https://accounts.example.test', clientId: 'grandstand-fuzz', clientSecret: 'fuzz', authorizationEndpoint: 'https://accounts.example.test/authorize', tokenEndpoint: 'https://accounts.example.test/token' };
  t = await buildTestApp({ social: { config: (_slug, provider) => (provider === 'google' ? google : null), secret: 'fuzzing state secret, 32 bytes!!' } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  document = (await (await fetch(`${base}/api/openapi.json`)).json()) as Record<string, unknown>;
  channelId = t.channel('alpha').id;
  const user = await createUsersRepository(t.database.db).create({
    channelId,
    email: EMAIL,
    passwordHash: await hashPassword(PASSWORD),
    firstName: 'Fuzz',
    lastName: 'Viewer',
    verified: true,
  });
  userId = user.id;
  // A saved card, so checkout cases can reach the provider as well as be refused.
  const card = await post('/api/sandbox/payment_methods', { api_key: await userKey(), number: '4242424242424242', exp_month: 12, exp_year: new Date().getUTCFullYear() + 3, cvc: '123' });
  const db = t.database.db;
  const ids = async (table: 'events' | 'pages' | 'packages' | 'subscriptions' | 'participants') =>
    (await db.selectFrom(table).select('id').where('channel_id', '=', channelId).limit(20).execute()).map((row) => Number(row.id));
  const known = {
    events: await ids('events'),
    pages: await ids('pages'),
    packages: await ids('packages'),
    subscriptions: await ids('subscriptions'),
    participants: await ids('participants'),
    forms: (await db.selectFrom('custom_forms').select('alias').where('channel_id', '=', channelId).execute()).map((row) => row.alias),
    coupons: (await db.selectFrom('coupons').select('code').where('channel_id', '=', channelId).execute()).map((row) => row.code),
    cards: [(card.data as { id: string }).id],
    // Filter values that match something: sports, schools and teams by name, venues' cities and states.
    names: [
      ...(await db.selectFrom('event_categories').select('name').where('channel_id', '=', channelId).limit(5).execute()).map((row) => row.name),
      ...(await db.selectFrom('participant_groups').select('name').where('channel_id', '=', channelId).limit(5).execute()).map((row) => row.name),
      ...(await db.selectFrom('participants').select('name').where('channel_id', '=', channelId).limit(5).execute()).map((row) => row.name),
    ],
    places: (await db.selectFrom('event_locations').select(['city', 'state']).where('channel_id', '=', channelId).limit(5).execute()).flatMap((row) => [row.city, row.state].filter((v): v is string => typeof v === 'string')),
  };
  pools = (operation: Operation, name: string) => {
    if (name === 'id') {
      for (const [prefix, pool] of [['/api/events/', known.events], ['/api/pages/', known.pages], ['/api/packages/', known.packages], ['/api/subscriptions/', known.subscriptions]] as const) {
        if (operation.path.startsWith(prefix)) return pool;
      }
      if (operation.path === '/api/apply_coupon') return [...known.events, ...known.packages, ...known.subscriptions];
    }
    // The fuzz viewer's own password would end the account or change the password for every later case.
    const ownPassword = operation.path === '/api/delete-account-confirm' || operation.path === '/api/profile' ? [] : [PASSWORD];
    const byName: Record<string, readonly unknown[]> = {
      channel_key: [t.channel('alpha').config.channelKey],
      values: [{ email: 'viewer@example.test', topic: 'Other' }, { email: 'viewer@example.test' }],
      email: [EMAIL, 'new.viewer@example.test', 'another.viewer@example.test'],
      password: ownPassword,
      password_confirmation: ownPassword,
      first_name: ['Ana'],
      last_name: ['Lima'],
      number: ['4242424242424242', '4000000000000002', '4000000000009995', '4000000000003220'],
      exp_year: [new Date().getUTCFullYear() + 2],
      cvc: ['123'],
      sport: known.names,
      team: known.names,
      school: known.names,
      city: known.places,
      state: known.places,
      event_id: known.events,
      package_id: known.packages,
      single_event_package_id: known.packages,
      subscription_id: known.subscriptions,
      participant_id: known.participants,
      alias: known.forms,
      code: known.coupons,
      coupon: known.coupons,
      payment_method: known.cards,
      return_path: ['/profile', '/watch/1'],
    };
    return byName[name];
  };
}, 60_000);
afterAll(async () => t.close());

async function post(path: string, body: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
}

/** A fresh key per case: a case that logs out or replaces its key leaves the others theirs. */
const visitorKey = () => t.app.apiKeys.issue(channelId);
const userKey = () => startSession(t.app, { channelId, userId });

function takesKey(operation: Operation): 'query' | 'body' | null {
  if (operation.params.some((p) => p.name === 'api_key' && p.in === 'query')) return 'query';
  return operation.body?.properties?.api_key ? 'body' : null;
}

async function send(c: Case, asUser: boolean): Promise<{ status: number; contentType: string | null; text: string; request: string }> {
  const url = new URL(c.path, base);
  for (const [name, value] of Object.entries(c.query)) for (const v of Array.isArray(value) ? value : [value]) url.searchParams.append(name, v);
  const place = takesKey(c.operation);
  const key = c.key ? c.key.value : place ? await (asUser ? userKey() : visitorKey()) : undefined;
  if (place === 'query' && key !== undefined) url.searchParams.set('api_key', typeof key === 'string' ? key : JSON.stringify(key));
  const init: RequestInit = { method: c.operation.method, redirect: 'manual', signal: AbortSignal.timeout(15_000) };
  if (c.raw) {
    init.body = c.raw.text;
    init.headers = { 'content-type': c.raw.contentType };
  } else if (c.operation.method !== 'GET' && c.operation.method !== 'DELETE') {
    let body = c.body ?? {};
    if (place === 'body' && key !== undefined && body !== null && typeof body === 'object' && !Array.isArray(body)) body = { ...body, api_key: key };
    init.body = JSON.stringify(body);
    init.headers = { 'content-type': 'application/json' };
  }
  const response = await fetch(url, init);
  const text = await response.text();
  const shown = typeof init.body === 'string' ? ` ${init.body.slice(0, 160)}` : '';
  return { status: response.status, contentType: response.headers.get('content-type'), text, request: `${c.operation.method} ${url.pathname}${url.search.slice(0, 200)}${shown}` };
}

describe(`the API against its OpenAPI document (${engine})`, () => {
  it('answers every generated case with a documented status and a body valid against its schema, never a 5xx', async () => {
    const operations = operationsOf(document);
    const cases: { c: Case; asUser: boolean }[] = [];
    for (const operation of operations) {
      const seed = SEED + hashString(operation.id);
      const needsUser = '401' in operation.responses;
      const asUser = (i: number) => (needsUser ? i % 5 !== 0 : i % 3 === 0);
      for (let i = 0; i < POSITIVE_CASES; i += 1) cases.push({ c: positiveCase(operation, seed + i, pools), asUser: asUser(i) });
      for (let i = 0; i < NEGATIVE_CASES; i += 1) cases.push({ c: negativeCase(operation, seed + 1000 + i, pools), asUser: asUser(i) });
      if (takesKey(operation)) for (const c of keyCases(operation, seed + 2000, pools)) cases.push({ c, asUser: false });
    }
    const checker = responseChecker(document.components);
    const failures: Failure[] = [];
    const statuses = new Map<string, Map<number, number>>();
    let next = 0;
    const worker = async () => {
      while (next < cases.length) {
        const { c, asUser } = cases[next++]!;
        const answer = await send(c, asUser);
        const counts = statuses.get(c.operation.id) ?? new Map<number, number>();
        counts.set(answer.status, (counts.get(answer.status) ?? 0) + 1);
        statuses.set(c.operation.id, counts);
        const problem = checker.check(c, answer.status, answer.contentType, answer.text);
        if (problem) failures.push({ operation: c.operation.id, label: `${c.kind}: ${c.label}`, request: answer.request, status: answer.status, problem });
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));

    const reached = [...statuses.values()].filter((counts) => [...counts.keys()].some((s) => s < 300)).length;
    console.log(
      `openapi fuzz (${engine}): ${operations.length} operations, ${cases.length} cases, ${reached} operations answered a success, ${failures.length} failures`,
    );
    if (process.env.FUZZ_VERBOSE) for (const [id, counts] of statuses) console.log(`  ${id}: ${[...counts].map(([s, n]) => `${s}×${n}`).join(" ")}`);
    for (const failure of failures.slice(0, 40)) console.log(`  ${failure.operation} [${failure.label}] → ${failure.status}: ${failure.problem}\n    ${failure.request}`);
    expect(operations.length).toBeGreaterThanOrEqual(45);
    expect(failures).toEqual([]);
  }, 180_000 * Math.max(1, POSITIVE_CASES / 25));
});
