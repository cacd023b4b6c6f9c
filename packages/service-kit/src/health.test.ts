import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, expect, it } from 'vitest';
import { errorHandler } from './errors.ts';
import { healthRoute } from './health.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    probe?: boolean;
  }
}

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

it("answers the report's figures at each call, never to be cached, with the route's config", async () => {
  app = Fastify();
  let queued = 0;
  let config: unknown;
  app.addHook('onRequest', async (request) => {
    config = request.routeOptions.config.probe;
  });
  healthRoute(app, { path: '/healthz', config: { probe: true }, report: async () => ({ status: 'ok', queued }) });
  const first = await app.inject({ url: '/healthz' });
  expect(first.statusCode).toBe(200);
  expect(first.headers['cache-control']).toBe('no-store');
  expect(first.json()).toEqual({ status: 'ok', queued: 0 });
  expect(config).toBe(true);
  queued = 3;
  expect((await app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok', queued: 3 });
});

it('answers a failing report 500, which a probe counts as down', async () => {
  app = Fastify();
  app.setErrorHandler(errorHandler());
  healthRoute(app, {
    path: '/health',
    report: () => {
      throw new Error('disk unreadable');
    },
  });
  const response = await app.inject({ url: '/health' });
  expect(response.statusCode).toBe(500);
  expect(response.body).not.toContain('disk unreadable');
});
