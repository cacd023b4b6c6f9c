import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/core/db/connect.ts';
import { prepareTemplate } from './seedTemplate.ts';

/** One initdb for the whole run: the seeded data dir is dumped and each test file loads a copy. */
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(join(tmpdir(), 'grandstand-pglite-'));
  const opened = await openDatabase({ kind: 'pglite' });
  await prepareTemplate(opened.db);
  const dump = await opened.pglite!.dumpDataDir('none');
  await opened.close();
  const file = join(dir, 'seeded.tar');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteDump', file);
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}
