import { ApiErrorBody } from '@grandstand/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helper.ts';

// Bad input is the caller's fault: always a 4xx naming the field, never a 5xx.
let t: TestApp;
let key: string;
beforeAll(async () => {
  t = await buildTestApp();
  key = await t.keyFor('alpha');
});
afterAll(async () => t.close());

function expectFieldError(response: { statusCode: number; json(): unknown; body: string }, status: number, field: string) {
  expect(response.statusCode, response.body).toBe(status);
  expect(ApiErrorBody.parse(response.json()).field).toBe(field);
}

describe('bad input', () => {
  it.each(['12abc', '-1', '0', '99999999999', '1.5', '0x10', '1e3', '%20', 'null'])('a page id of %j is a 400 naming id', async (id) => {
    expectFieldError(await t.app.inject({ url: `/api/pages/${id}?api_key=${key}` }), 400, 'id');
  });

  it('an unknown page id is a 404 naming id', async () => {
    expectFieldError(await t.app.inject({ url: `/api/pages/2147483647?api_key=${key}` }), 404, 'id');
  });

  it.each(['UPPER', 'a_b', 'x'.repeat(65), '%00'])('a custom form alias of %j is a 400 naming alias', async (alias) => {
    expectFieldError(await t.app.inject({ url: `/api/custom-forms/${alias}?api_key=${key}` }), 400, 'alias');
  });

  it('wrong query types are a 400 naming the parameter', async () => {
    expectFieldError(await t.app.inject({ url: `/api/participants?api_key=${key}&no_limit=yes` }), 400, 'no_limit');
    expectFieldError(await t.app.inject({ url: `/api/slides/web?api_key=${key}&type=${'x'.repeat(51)}` }), 400, 'type');
    expectFieldError(await t.app.inject({ url: `/api/slides/web?api_key=${key}&type=a&type=b` }), 400, 'type');
  });

  it('malformed JSON is a 400 naming body', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/get_api_key', headers: { 'content-type': 'application/json' }, payload: '{"channel_key":' });
    expectFieldError(response, 400, 'body');
  });

  it('an empty JSON body is a 400 naming body', async () => {
    expectFieldError(await t.app.inject({ method: 'POST', url: '/api/get_api_key', headers: { 'content-type': 'application/json' }, payload: '' }), 400, 'body');
  });

  it('a body of the wrong shape names the field', async () => {
    // A missing or malformed channel key is an invalid one: the 403 the client recovers from.
    expectFieldError(await t.app.inject({ method: 'POST', url: '/api/get_api_key', payload: { channel_key: 42 } }), 403, 'channel_key');
    expectFieldError(await t.app.inject({ method: 'POST', url: '/api/get_api_key', payload: {} }), 403, 'channel_key');
    expectFieldError(await t.app.inject({ method: 'POST', url: '/api/get_api_key', payload: { channel_key: 'x'.repeat(201) } }), 403, 'channel_key');
    expectFieldError(await t.app.inject({ method: 'POST', url: '/api/get_api_key', headers: { 'content-type': 'application/json' }, payload: '[1,2]' }), 400, 'body');
    expectFieldError(await t.app.inject({ method: 'POST', url: '/api/get_api_key', headers: { 'content-type': 'application/json' }, payload: 'null' }), 400, 'body');
  });

  it('a wrong content type is a 4xx naming body', async () => {
    const xml = await t.app.inject({ method: 'POST', url: '/api/get_api_key', headers: { 'content-type': 'application/xml' }, payload: '<a/>' });
    expectFieldError(xml, 415, 'body');
    const text = await t.app.inject({ method: 'POST', url: '/api/get_api_key', headers: { 'content-type': 'text/plain' }, payload: 'channel_key=x' });
    expectFieldError(text, 400, 'body');
  });

  it('an oversized body is a 413 naming body', async () => {
    const payload = JSON.stringify({ channel_key: 'x'.repeat(100 * 1024) });
    expectFieldError(await t.app.inject({ method: 'POST', url: '/api/get_api_key', headers: { 'content-type': 'application/json' }, payload }), 413, 'body');
  });

  it('an unknown /api route is a 404 JSON naming url, with or without a key', async () => {
    expectFieldError(await t.app.inject({ url: '/api/nope' }), 404, 'url');
    expectFieldError(await t.app.inject({ url: `/api/nope?api_key=${key}` }), 404, 'url');
    expectFieldError(await t.app.inject({ method: 'POST', url: '/api/nope', payload: {} }), 404, 'url');
    expectFieldError(await t.app.inject({ method: 'DELETE', url: '/api/settings' }), 404, 'url');
  });

  it('a long or strange URL never breaks the server', async () => {
    const cases: [string, number][] = [
      // Longer than the router's maxParamLength: no route matches.
      [`/api/pages/${'9'.repeat(300)}?api_key=${key}`, 404],
      [`/api/pages/%E0%A4%A?api_key=${key}`, 400],
      // `api_key[a]` is another parameter's name: no key on a call that needs one (spec §7), and
      // none needed on a public one (settings, spec §7's list).
      ['/api/events-categories?api_key[a]=b', 403],
      ['/api/settings?api_key[a]=b', 200],
      // `api_key[]` is just another parameter name: the real key still counts.
      [`/api/events-categories?api_key=${key}&api_key[]=x`, 200],
    ];
    for (const [url, status] of cases) expect((await t.app.inject({ url })).statusCode, url).toBe(status);
  });

  // Found by the OpenAPI fuzzer: the router refused these before the error handler saw them.
  it.each(['/api/pages/%ED%A0%80', '/api/custom-forms/%E0%A4%A', '/api/sandbox/list-cards%C0'])('a URL that is not valid percent-encoding (%s) is a 400 JSON naming url', async (path) => {
    expectFieldError(await t.app.inject({ url: `${path}?api_key=${key}` }), 400, 'url');
  });

  it('a path parameter over 200 characters is a 414 JSON naming url', async () => {
    const response = await t.app.inject({ method: 'POST', url: `/api/${'x'.repeat(201)}/buy`, payload: { api_key: key } });
    expect(response.statusCode).toBe(414);
    expect(ApiErrorBody.parse(response.json())).toMatchObject({ field: 'url', message: 'A part of the address is too long.' });
  });

  // Found by the OpenAPI fuzzer: PostgreSQL text cannot hold a NUL character, and the query failed (500).
  it.each([
    ['POST', '/api/v2/auth/login', 'email', { email: 'viewer\u0000@example.test', password: 'a long password' }],
    ['POST', '/api/auth/email-verify', 'email', { email: 'viewer\u0000@example.test', expires: 4_000_000_000, signature: 'abc' }],
    ['POST', '/api/auth/password-reset', 'signature', { email: 'a@example.test', expires: 4_000_000_000, signature: 's\u0000', password: 'a long password', password_confirmation: 'a long password' }],
    ['POST', '/api/custom-forms/contacts', 'values', { values: { email: 'a@example.test', topic: 'Other\u0000' } }],
    ['GET', '/api/slides/web?type=%00', 'type', undefined],
    ['GET', '/api/apply_coupon?type=event&id=1&code=A%00', 'code', undefined],
  ] as const)('a NUL character in %s %s is a 400 naming %s', async (method, url, field, body) => {
    const withKey = url.includes('?') ? `${url}&api_key=${key}` : `${url}?api_key=${key}`;
    const response = await t.app.inject({ method, url: method === 'GET' ? withKey : url, payload: body === undefined ? undefined : { ...body, api_key: key } });
    expectFieldError(response, 400, field);
  });
});
