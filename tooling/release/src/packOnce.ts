import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { packAll } from './workspace.ts';

/**
 * The release checks' global setup: every published package packed once for the run, as turbo
 * built it. The dry run's listing and the tarball checks read the same tarballs (neither writes to
 * them); packing all of them took 22 s of CPU each time.
 */
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(join(tmpdir(), 'grandstand-packed-'));
  const tarballs = await packAll(join(dir, 'tarballs'));
  project.provide('packedTarballs', Object.fromEntries(tarballs));
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** Every published package's tarball, by package name, packed once for the run. */
    packedTarballs: Record<string, string>;
  }
}
