import { hostname } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper.ts';

// Several instances behind one balancer (README: Running several instances): the health route
// names the instance that answered, so an operator (and the balancer's checks) can tell them apart.
describe('GET /health names its instance', () => {
  let named: TestApp;
  let unnamed: TestApp;
  beforeAll(async () => {
    named = await buildTestApp({ instanceId: 'web-2' });
    unnamed = await buildTestApp();
  });
  afterAll(async () => {
    await Promise.all([named?.close(), unnamed?.close()]);
  });

  it('answers the INSTANCE_ID it was given, uncached', async () => {
    const response = await named.app.inject({ url: '/health' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toMatchObject({ status: 'ok', instance: 'web-2' });
  });

  it("defaults to the machine's name and the process id", async () => {
    expect((await unnamed.app.inject({ url: '/health' })).json()).toMatchObject({ instance: `${hostname()}-${process.pid}` });
  });
});
