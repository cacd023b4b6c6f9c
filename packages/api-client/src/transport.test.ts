import { KEY_INVALID_MESSAGE } from '@grandstand/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from './ApiError.ts';
import { createFakeFetch } from './testing.ts';
import type { FakeReply } from './testing.ts';
import { createTransport, retryAfterSeconds, untilCanceled } from './transport.ts';
import type { Exchange } from './transport.ts';

function transport(reply: FakeReply, timeoutMs = 1_000) {
  const server = createFakeFetch(() => reply);
  return { send: createTransport({ fetch: server.fetch, timeoutMs }), server };
}

const get: Exchange = { method: 'GET', fetchUrl: '/api/settings?api_key=k', url: '/api/settings' };

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error: unknown = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('createTransport', () => {
  it('fetches the fetch url, sends a body as JSON and resolves with the JSON of a 200', async () => {
    const { send, server } = transport({ json: { data: 'ok' } });
    await expect(send({ method: 'POST', fetchUrl: '/api/login', url: '/api/login', body: { email: 'a@b.c' } })).resolves.toEqual({ data: 'ok' });
    expect(server.calls[0]).toMatchObject({ method: 'POST', path: '/api/login', body: { email: 'a@b.c' } });
  });

  it('names the url without the key in its errors', async () => {
    const { send } = transport({ status: 500, json: { message: 'Broken' } });
    const error = await failure(send(get));
    expect(error).toMatchObject({ kind: 'http', status: 500, message: 'Broken', url: '/api/settings' });
  });

  it('rejects a success status other than 200, and a 200 that is not JSON (spec §8)', async () => {
    expect(await failure(transport({ status: 204 }).send(get))).toMatchObject({ kind: 'http', status: 204, message: 'The server answered 204 where 200 was expected' });
    expect(await failure(transport({ text: '<html>' }).send(get))).toMatchObject({ kind: 'http', status: 200, body: '<html>' });
  });

  it('tells a refused key, a throttle and an unauthenticated answer apart, with the field named', async () => {
    const both = { message: KEY_INVALID_MESSAGE, errors: { api_key: [KEY_INVALID_MESSAGE], channel_key: [KEY_INVALID_MESSAGE] } };
    expect(await failure(transport({ status: 403, json: both }).send(get))).toMatchObject({ kind: 'key-invalid', field: 'channel_key' });
    expect(await failure(transport({ status: 429, json: { message: 'Slow down' } }).send(get))).toMatchObject({ kind: 'throttled', status: 429 });
    expect(await failure(transport({ status: 401, json: { message: 'Unauthenticated.' } }).send(get))).toMatchObject({ kind: 'unauthenticated' });
    expect(await failure(transport({ status: 422, json: { message: 'Too short', field: 'name' } }).send(get))).toMatchObject({ kind: 'http', field: 'name' });
    // A 403 that names no key is an ordinary refusal.
    expect(await failure(transport({ status: 403, json: { message: 'No' } }).send(get))).toMatchObject({ kind: 'http', status: 403 });
  });

  it('reads a throttled answer’s Retry-After, in seconds or as a date, so the viewer is told when to try again (spec §8)', async () => {
    const seconds = await failure(transport({ status: 429, json: { message: 'Too many attempts. Please wait a minute and try again.' }, headers: { 'Retry-After': '42' } }).send(get));
    expect(seconds).toMatchObject({ kind: 'throttled', status: 429, retryAfterSeconds: 42 });
    const none = await failure(transport({ status: 429, json: { message: 'Slow down' } }).send(get));
    expect(none.retryAfterSeconds).toBeUndefined();
    const now = Date.parse('2026-12-06T18:00:00Z');
    expect(retryAfterSeconds('Sun, 06 Dec 2026 18:01:30 GMT', now)).toBe(90);
    expect(retryAfterSeconds('Sun, 06 Dec 2026 17:59:00 GMT', now)).toBe(0);
    expect(retryAfterSeconds('soon', now)).toBeUndefined();
    // Only a throttle carries a wait.
    const other = await failure(transport({ status: 503, json: { message: 'Down' }, headers: { 'Retry-After': '5' } }).send(get));
    expect(other.retryAfterSeconds).toBeUndefined();
  });

  it('says when an error answer is not JSON', async () => {
    expect(await failure(transport({ status: 502, text: 'Bad gateway' }).send(get))).toMatchObject({ message: 'The server answered 502 with a body that is not JSON', body: 'Bad gateway' });
    expect(await failure(transport({ status: 502, text: '' }).send(get))).toMatchObject({ message: 'The server answered 502' });
  });

  it('times out a server that does not answer, and names an unreachable one', async () => {
    expect(await failure(transport({ hang: true }, 5).send(get))).toMatchObject({ kind: 'timeout', message: 'The server did not answer within 5 ms' });
    expect(await failure(transport({ networkError: true }).send(get))).toMatchObject({ kind: 'network', status: null });
  });

  it('rejects as canceled when the caller aborts', async () => {
    const controller = new AbortController();
    const { send, server } = transport({ hang: true });
    const pending = send({ ...get, signal: controller.signal });
    await expect.poll(() => server.calls.length).toBe(1);
    controller.abort();
    expect(await failure(pending)).toMatchObject({ kind: 'canceled' });
    expect(await failure(transport({ json: {} }).send({ ...get, signal: AbortSignal.abort() }))).toMatchObject({ kind: 'canceled' });
  });
});

describe('untilCanceled', () => {
  it('settles as the promise does while the signal stays', async () => {
    await expect(untilCanceled(Promise.resolve(1), new AbortController().signal, '/u')).resolves.toBe(1);
    await expect(untilCanceled(Promise.reject(new Error('no')), new AbortController().signal, '/u')).rejects.toThrow('no');
  });

  it('rejects as canceled when the signal aborts first, or had aborted', async () => {
    const controller = new AbortController();
    const pending = untilCanceled(new Promise(() => undefined), controller.signal, '/u');
    controller.abort();
    expect(await failure(pending)).toMatchObject({ kind: 'canceled', url: '/u' });
    expect(await failure(untilCanceled(Promise.resolve(1), AbortSignal.abort(), '/u'))).toMatchObject({ kind: 'canceled' });
  });
});
