import { mkdirSync, renameSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { build, type Rolldown } from 'vite';
import { unpack } from './tarball.ts';

/**
 * What a consumer's bundler makes of a published package: the tarball is installed into a bare
 * node_modules (its dependencies linked to the workspace's copies, as an installer would place
 * them) and a small entry is built with Vite for the browser, as an app outside the workspace would.
 */

/** Installs a tarball as `node_modules/<name>` under `root`, its dependencies as links to `dependencies`. */
export async function installTarball(
  tarball: string,
  name: string,
  root: string,
  dependencies: Record<string, string> = {},
): Promise<string> {
  const unpacked = await unpack(tarball, join(root, '.unpacked', name.replace('/', '__')));
  const target = join(root, 'node_modules', name);
  mkdirSync(dirname(target), { recursive: true });
  renameSync(unpacked, target);
  for (const [dependency, dir] of Object.entries(dependencies)) {
    const link = join(root, 'node_modules', dependency);
    mkdirSync(dirname(link), { recursive: true });
    symlinkSync(dir, link);
  }
  return target;
}

/** The modules a production browser build of `source` (an entry at `root`) keeps, by file path. */
export async function bundledModules(root: string, source: string): Promise<string[]> {
  const entry = join(root, 'entry.js');
  writeFileSync(entry, source);
  const result = await build({
    root,
    configFile: false,
    logLevel: 'silent',
    build: { write: false, minify: false, rollupOptions: { input: entry } },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  return outputs
    .flatMap((output) => output.output)
    .flatMap((chunk) => (chunk.type === 'chunk' ? chunk.moduleIds : []))
    .map((id) => id.split('\\').join('/'));
}

/** The modules of a package among a bundle's (pnpm's store puts each under …/node_modules/<name>/). */
export function modulesOf(modules: string[], name: string): string[] {
  return modules.filter((id) => id.includes(`/node_modules/${name}/`));
}
