import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { openStore } from '../src/storage/store.ts';
import { count, NORTHFIELD_KEY, SECRET, tempDir, visitPage } from './helpers.ts';

const cli = join(import.meta.dirname, '..', 'src', 'cli.ts');
let child: ChildProcess | null = null;
afterEach(() => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

/** The service as it runs, its address from its first line. */
async function serve(dataDir: string): Promise<{ child: ChildProcess; base: string }> {
  const started = spawn(process.execPath, [cli, 'serve'], {
    env: { PATH: process.env['PATH'], ANALYTICS_PORT: '0', ANALYTICS_DATA_DIR: dataDir, ANALYTICS_PROFILES: `northfield=${NORTHFIELD_KEY}`, ANALYTICS_SECRET: SECRET, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  started.stdout!.setEncoding('utf8');
  const base = await new Promise<string>((resolve, reject) => {
    started.stdout!.on('data', (chunk: string) => {
      output += chunk;
      const match = /listening on (http:\/\/\S+?);/.exec(output);
      if (match) resolve(match[1]!);
    });
    started.once('exit', (code) => reject(new Error(`the service stopped (${code}): ${output}`)));
  });
  return { child: started, base };
}

it('keeps every acknowledged row when the process is killed (SIGKILL) right after answering', async () => {
  const temp = tempDir();
  try {
    const running = await serve(temp.dir);
    child = running.child;
    const session = ((await (await fetch(`${running.base}/datalake/hash/?profile=${NORTHFIELD_KEY}`)).json()) as { data: string }).data;
    const send = () =>
      fetch(`${running.base}/datalake/batch/`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: JSON.stringify({ profile: NORTHFIELD_KEY, session_uuid: session, items: Array.from({ length: 10 }, () => ({ call: 'event', body: visitPage })) }),
      });
    const answers = await Promise.all(Array.from({ length: 30 }, send));
    expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 30 }, () => 200));
    // No clean stop, no checkpoint: the kernel ends it the moment the last answer arrived.
    child.kill('SIGKILL');
    await once(child, 'exit');
    const store = await openStore({ path: join(temp.dir, 'analytics.duckdb') });
    try {
      expect(await count(store)).toBe(300);
    } finally {
      await store.close();
    }
  } finally {
    temp.remove();
  }
});

it('commits what is queued and stops cleanly on SIGTERM', async () => {
  const temp = tempDir();
  try {
    const running = await serve(temp.dir);
    child = running.child;
    const session = ((await (await fetch(`${running.base}/datalake/hash/?profile=${NORTHFIELD_KEY}`)).json()) as { data: string }).data;
    const answer = await fetch(`${running.base}/datalake/event/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...visitPage, profile: NORTHFIELD_KEY, session_uuid: session }) });
    expect(answer.status).toBe(200);
    child.kill('SIGTERM');
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(code).toBe(0);
    const store = await openStore({ path: join(temp.dir, 'analytics.duckdb') });
    try {
      expect(await count(store)).toBe(1);
    } finally {
      await store.close();
    }
  } finally {
    temp.remove();
  }
});
