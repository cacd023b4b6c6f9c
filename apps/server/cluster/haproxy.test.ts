import { createServer, type Server } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../test/support/ports.ts';
import { haproxyConfig, type RunningBalancer, startHaproxy } from './haproxy.ts';
import { groupAlive } from './processes.ts';

/** A server that names itself on every answer, and whose health can be turned off. */
async function namedServer(name: string): Promise<{ server: Server; port: number; healthy: boolean }> {
  const state = { server: null as unknown as Server, port: 0, healthy: true };
  state.server = createServer((request, response) => {
    if (request.url === '/health') {
      response.writeHead(state.healthy ? 200 : 503).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'text/plain' }).end(name);
  });
  state.port = await new Promise<number>((resolve) => state.server.listen(0, '127.0.0.1', () => resolve((state.server.address() as { port: number }).port)));
  return state;
}

describe('the balancer configuration', () => {
  it('balances round robin with health checks and no stickiness', () => {
    const config = haproxyConfig({
      name: 'site',
      bind: { host: '127.0.0.1', port: 8080 },
      servers: [
        { name: 'a', host: '127.0.0.1', port: 8081 },
        { name: 'b', host: '127.0.0.1', port: 8082 },
      ],
      healthPath: '/health',
    });
    expect(config).toContain('balance roundrobin');
    expect(config).toContain('http-check send meth GET uri /health ver HTTP/1.1 hdr Host localhost');
    expect(config).toMatch(/server a 127\.0\.0\.1:8081 check\n/);
    expect(config).not.toMatch(/cookie|stick/);
    expect(config).not.toContain('X-Served-By');
  });

  it('refuses a name or a health path that would break the file', () => {
    const base = { name: 'site', bind: { host: '127.0.0.1', port: 1 }, servers: [{ name: 'a', host: '127.0.0.1', port: 2 }], healthPath: '/health' };
    expect(() => haproxyConfig({ ...base, name: 'site\nlisten x' })).toThrow(/only a-z/);
    expect(() => haproxyConfig({ ...base, healthPath: '/health hdr X y' })).toThrow(/healthPath/);
    expect(() => haproxyConfig({ ...base, servers: [] })).toThrow(/at least one server/);
  });
});

describe("Debian's HAProxy in front of two servers", () => {
  let dir: string;
  let a: Awaited<ReturnType<typeof namedServer>>;
  let b: Awaited<ReturnType<typeof namedServer>>;
  let balancer: RunningBalancer;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'grandstand-haproxy-'));
    [a, b] = await Promise.all([namedServer('a'), namedServer('b')]);
    balancer = await startHaproxy({
      dir,
      name: 'test',
      bind: { host: '127.0.0.1', port: await freePort() },
      servers: [
        { name: 'a', host: '127.0.0.1', port: a.port },
        { name: 'b', host: '127.0.0.1', port: b.port },
      ],
      healthPath: '/health',
      checkIntervalMs: 200,
      fall: 2,
      rise: 1,
      servedByHeader: 'X-Served-By',
    });
  });
  afterAll(async () => {
    await balancer?.stop();
    a?.server.close();
    b?.server.close();
    await rm(dir, { recursive: true, force: true });
  });

  const ask = async () => {
    const response = await fetch(balancer.url);
    return { status: response.status, body: await response.text(), servedBy: response.headers.get('x-served-by') };
  };

  it('sends each request to the next server, whatever the client', async () => {
    const answers = [];
    for (let i = 0; i < 4; i += 1) answers.push(await ask());
    expect(answers.map((answer) => answer.body).sort()).toEqual(['a', 'a', 'b', 'b']);
    expect(answers.map((answer) => answer.servedBy)).toEqual(answers.map((answer) => answer.body));
  });

  it('takes out a server whose health check fails, and puts it back', async () => {
    b.healthy = false;
    await expect.poll(async () => (await balancer.servers()).b, { timeout: 5000, interval: 50 }).toBe('DOWN');
    expect((await Promise.all([ask(), ask(), ask(), ask()])).map((answer) => answer.body).join('')).toBe('aaaa');
    b.healthy = true;
    await expect.poll(async () => (await Promise.all([ask(), ask(), ask(), ask()])).map((answer) => answer.body).sort().join(''), { timeout: 5000, interval: 150 }).toBe('aabb');
  });

  it('takes a server out of the rotation when told, and puts it back', async () => {
    await balancer.setServer('a', 'maint');
    expect((await balancer.servers()).a).toBe('MAINT');
    expect((await Promise.all([ask(), ask(), ask(), ask()])).map((answer) => answer.body).join('')).toBe('bbbb');
    await balancer.setServer('a', 'ready');
    await expect.poll(async () => (await Promise.all([ask(), ask(), ask(), ask()])).map((answer) => answer.body).sort().join(''), { timeout: 5000, interval: 150 }).toBe('aabb');
    await expect(balancer.setServer('nobody', 'maint')).rejects.toThrow(/no server nobody/);
  });

  it('answers from the other server when one is gone, before any check notices', async () => {
    // Checks far apart: the balancer learns of the lost server from the refused connection alone.
    const slow = await startHaproxy({
      dir,
      name: 'slowchecks',
      bind: { host: '127.0.0.1', port: await freePort() },
      servers: [
        { name: 'a', host: '127.0.0.1', port: a.port },
        { name: 'gone', host: '127.0.0.1', port: await freePort() },
      ],
      healthPath: '/health',
      checkIntervalMs: 60_000,
      waitFor: ['a'],
    });
    try {
      for (let i = 0; i < 4; i += 1) {
        const response = await fetch(slow.url);
        expect(response.status).toBe(200);
        expect(await response.text()).toBe('a');
      }
    } finally {
      await slow.stop();
    }
    expect(groupAlive(slow.pid!)).toBe(false);
  });
});
