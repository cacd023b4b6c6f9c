import { lookup } from 'node:dns/promises';
import { request } from 'node:http';
import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The start script's own choice (tooling/run.mjs), which is no package: imported by its path.
// eslint-disable-next-line import-x/no-relative-packages
import { demoHost } from '../../../tooling/demo-host.mjs';
import { loadConfig } from '../src/config.ts';
import { buildTestApp, type TestApp } from './helper.ts';

// `npm start` serves a demo whose outbox shows every mailed link: it must not be reachable from
// another machine unless HOST says so.
let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await buildTestApp();
  // The host exactly as `npm start` hands it to the server (tooling/run.mjs) and the server reads it.
  const host = loadConfig({ APP_SECRET: 'demo-host-test-secret-0123456789', HOST: demoHost({}) }).host;
  await t.app.listen({ host, port: 0 });
  port = (t.app.server.address() as { port: number }).port;
});
afterAll(async () => {
  await t.close();
});

/** The status of a GET of the channel's settings at `address` with the site's `Host`, or the connection error's code. */
function statusAt(address: string, hostHeader: string): Promise<number | string> {
  return new Promise((resolve) => {
    const req = request({ host: address, port, path: '/channel-key.json', headers: { host: hostHeader }, timeout: 2000 }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('timeout', () => req.destroy(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' })));
    req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
    req.end();
  });
}

describe('the demo listen address', () => {
  it('is localhost unless HOST says otherwise', () => {
    expect(demoHost({})).toBe('localhost');
    expect(demoHost({ HOST: '' })).toBe('localhost');
    expect(demoHost({ HOST: '0.0.0.0' })).toBe('0.0.0.0');
  });

  it('answers on every address localhost names, for a channel named by its .localhost host', async () => {
    // A browser sends http://bravo.localhost:8080 to a loopback address: 127.0.0.1, or ::1 where localhost has it.
    const loopbacks = (await lookup('localhost', { all: true })).map((entry) => entry.address);
    expect(loopbacks).toContain('127.0.0.1');
    for (const address of loopbacks) expect(await statusAt(address, `bravo.localhost:${port}`)).toBe(200);
  });

  it('is not reachable on the machine’s other addresses', async () => {
    const outward = Object.values(networkInterfaces())
      .flatMap((list) => list ?? [])
      .filter((entry) => !entry.internal && entry.family === 'IPv4');
    for (const entry of outward) expect(await statusAt(entry.address, `alpha.localhost:${port}`)).toBe('ECONNREFUSED');
  });
});
