import type { ApiErrorBody } from '@grandstand/contract';
import Fastify, { type FastifyError, type FastifyInstance, type InjectOptions } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { errorHandler, frameworkErrors, INTERNAL_ERROR_MESSAGE, notFoundHandler } from './errors.ts';

/** A service's own refusal, as the analytics service has: its status and the field it names. */
class Refusal extends Error {
  readonly statusCode = 403;
  readonly field = 'channel';
}

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** A real Fastify app with the kit's handlers, as a service sets them up. */
async function build(options: Parameters<typeof errorHandler<FastifyError | Refusal>>[0] = {}, isRoute?: (url: string) => boolean) {
  const logged: unknown[] = [];
  app = Fastify({
    bodyLimit: 64,
    routerOptions: { maxParamLength: 20 },
    frameworkErrors,
    logger: { level: 'error', stream: { write: (line: string) => void logged.push(JSON.parse(line)) } },
  });
  app.setErrorHandler(errorHandler(options));
  app.setNotFoundHandler(notFoundHandler(isRoute ? { isRoute } : {}));
  app.post('/echo', async (request) => ({ data: request.body }));
  app.get('/item/:id', async (request) => ({ data: (request.params as { id: string }).id }));
  app.get('/refused', async () => {
    throw new Refusal('Not this channel.');
  });
  app.get('/teapot', async () => {
    throw Object.assign(new Error('I am a teapot.'), { statusCode: 418 });
  });
  app.get('/broken', async () => {
    throw new Error('database password was hunter2');
  });
  await app.ready();
  return { app, logged };
}

const json = (payload: string): InjectOptions => ({ method: 'POST', url: '/echo', headers: { 'content-type': 'application/json' }, payload });

describe('errorHandler', () => {
  it('answers a broken body 4xx naming body, whatever broke in it', async () => {
    const { app } = await build();
    const cases: [InjectOptions, number, string][] = [
      [json('{"a":'), 400, 'The request body is not valid JSON.'],
      [json(''), 400, 'The request body is empty.'],
      [json(JSON.stringify({ text: 'x'.repeat(100) })), 413, 'The request body is too large.'],
      [{ method: 'POST', url: '/echo', headers: { 'content-type': 'application/xml' }, payload: '<a/>' }, 415, 'The request body must be JSON (Content-Type: application/json).'],
    ];
    for (const [request, status, message] of cases) {
      const response = await app.inject(request);
      expect(response.statusCode).toBe(status);
      expect(response.json<ApiErrorBody>()).toEqual({ message, field: 'body' });
    }
  });

  it('takes a service its own message for a body error', async () => {
    const { app } = await build({ bodyErrors: { FST_ERR_CTP_INVALID_MEDIA_TYPE: 'The request body must be JSON (or text/plain).' } });
    const response = await app.inject({ method: 'POST', url: '/echo', headers: { 'content-type': 'application/xml' }, payload: '<a/>' });
    expect(response.json()).toEqual({ message: 'The request body must be JSON (or text/plain).', field: 'body' });
  });

  it("lets the service answer its own errors first, and answers the rest", async () => {
    const { app } = await build({
      answer: (error, _request, reply) => (error instanceof Refusal ? reply.code(error.statusCode).send({ message: error.message, field: error.field }) : undefined),
    });
    const refused = await app.inject({ url: '/refused' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'Not this channel.', field: 'channel' });
    expect((await app.inject(json('{'))).json().field).toBe('body');
  });

  it('keeps any other 4xx, naming request', async () => {
    const { app } = await build();
    const response = await app.inject({ url: '/teapot' });
    expect(response.statusCode).toBe(418);
    expect(response.json()).toEqual({ message: 'I am a teapot.', field: 'request' });
    // Without an answer of its own, a service's refusal is still a 4xx, not a 500.
    expect((await app.inject({ url: '/refused' })).json()).toEqual({ message: 'Not this channel.', field: 'request' });
  });

  it('logs a failure and answers a 500 that tells nothing of it', async () => {
    const { app, logged } = await build();
    const response = await app.inject({ url: '/broken' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: INTERNAL_ERROR_MESSAGE });
    expect(response.body).not.toContain('hunter2');
    expect(logged).toEqual([expect.objectContaining({ msg: 'request failed', err: expect.objectContaining({ message: 'database password was hunter2' }) })]);
  });
});

describe('frameworkErrors', () => {
  it('answers a bad %-escape 400 and an overlong part 414, naming url', async () => {
    const { app } = await build();
    const bad = await app.inject({ url: '/item/%E0%A4%A' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'The address is not valid (a bad %-escape).', field: 'url' });
    const long = await app.inject({ url: `/item/${'x'.repeat(30)}` });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({ message: 'A part of the address is too long.', field: 'url' });
  });
});

describe('notFoundHandler', () => {
  it('names the method and path of an unknown route, without its query', async () => {
    const { app } = await build();
    const response = await app.inject({ method: 'DELETE', url: '/nothing/here?secret=1' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'No route DELETE /nothing/here.', field: 'url' });
  });

  it('says only "Not found." outside the routes the service names', async () => {
    const { app } = await build({}, (url) => url.startsWith('/api/'));
    expect((await app.inject({ url: '/api/nothing' })).json()).toEqual({ message: 'No route GET /api/nothing.', field: 'url' });
    const page = await app.inject({ url: '/some/page' });
    expect(page.statusCode).toBe(404);
    expect(page.json()).toEqual({ message: 'Not found.', field: 'url' });
  });
});
