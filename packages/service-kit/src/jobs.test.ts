import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, expect, it } from 'vitest';
import { schedulePeriodic } from './jobs.ts';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** Resolves once `condition` holds, checked every few milliseconds. */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 2));
}

function logged(): { lines: { msg: string; err?: { message: string } }[]; app: FastifyInstance } {
  const lines: { msg: string; err?: { message: string } }[] = [];
  return { lines, app: Fastify({ logger: { level: 'error', stream: { write: (line: string) => void lines.push(JSON.parse(line)) } } }) };
}

it('runs on every interval once the app is ready, never before', async () => {
  app = Fastify();
  let runs = 0;
  schedulePeriodic(app, 5, async () => void (runs += 1), 'job failed');
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(runs).toBe(0);
  await app.ready();
  await until(() => runs >= 3);
});

it('runs once at ready when asked, ready only after that run, and never with no interval', async () => {
  app = Fastify();
  let runs = 0;
  schedulePeriodic(app, 0, async () => void (runs += 1), 'job failed', { atReady: true });
  await app.ready();
  expect(runs).toBe(1);
  const off = Fastify();
  let never = 0;
  schedulePeriodic(off, 0, async () => void (never += 1), 'job failed');
  await off.ready();
  await off.close();
  expect(never).toBe(0);
});

it('never overlaps runs, and closing waits for the one in progress', async () => {
  app = Fastify();
  let started = 0;
  let finished = 0;
  let release!: () => void;
  schedulePeriodic(app, 2, async () => {
    started += 1;
    await new Promise<void>((resolve) => (release = resolve));
    finished += 1;
  }, 'job failed');
  await app.ready();
  await until(() => started === 1);
  // Many ticks pass while the run is held: none starts another.
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(started).toBe(1);
  const closing = app.close();
  app = undefined;
  await new Promise((resolve) => setTimeout(resolve, 5));
  expect(finished).toBe(0);
  release();
  await closing;
  expect(finished).toBe(1);
});

it('logs a failed run and runs again at the next tick', async () => {
  const { lines, app: logging } = logged();
  app = logging;
  let runs = 0;
  schedulePeriodic(app, 2, async () => {
    runs += 1;
    if (runs === 1) throw new Error('store unreachable');
  }, 'retention: pruning failed');
  await app.ready();
  await until(() => runs >= 2);
  expect(lines[0]).toEqual(expect.objectContaining({ msg: 'retention: pruning failed', err: expect.objectContaining({ message: 'store unreachable' }) }));
});
