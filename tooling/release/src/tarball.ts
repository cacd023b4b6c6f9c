import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join, posix, relative } from 'node:path';
import { promisify } from 'node:util';
import type { PackageManifest } from './workspace.ts';

const run = promisify(execFile);

/**
 * A tarball must hold what it references: the files its exports name, the sources its maps name
 * (inside the map or beside it), its README; and nothing that is only for the workspace (tests,
 * stories, test support).
 */

/** Unpacks a tarball into `into` and answers the folder that holds the package (npm's `package/`). */
export async function unpack(tarball: string, into: string): Promise<string> {
  mkdirSync(into, { recursive: true });
  await run('tar', ['-xzf', tarball, '-C', into]);
  return join(into, 'package');
}

/** Every file under a folder, as POSIX paths relative to it, sorted. */
export function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split('\\').join('/'))
    .sort();
}

/** Every `./file` an exports map names, at any depth of conditions. */
export function exportTargets(exports: unknown): string[] {
  if (typeof exports === 'string') return exports.startsWith('./') ? [exports] : [];
  if (exports === null || typeof exports !== 'object') return [];
  return [...new Set(Object.values(exports).flatMap(exportTargets))];
}

/** Files that are there for the workspace's own checks, never for a consumer. */
const WORKSPACE_ONLY = [
  /\.(test|spec)\.(d\.)?[cm]?[jt]sx?(\.map)?$/,
  /\.stories\.(d\.)?[cm]?[jt]sx?(\.map)?$/,
  /(^|\/)(test|tests|__tests__|__mocks__)\//,
  /(^|\/)src\/test\//,
  /(^|\/)testSupport\.(d\.)?[cm]?[jt]sx?(\.map)?$/,
];

interface SourceMap {
  sources?: unknown;
  sourcesContent?: unknown;
  sourceRoot?: unknown;
}

/** What a source map names that the tarball cannot give: each source neither inlined nor shipped. */
export function missingSources(mapPath: string, mapText: string, shipped: ReadonlySet<string>): string[] {
  let map: SourceMap;
  try {
    map = JSON.parse(mapText) as SourceMap;
  } catch {
    return [`${mapPath} is not JSON`];
  }
  if (!Array.isArray(map.sources)) return [`${mapPath} names no sources`];
  const contents = Array.isArray(map.sourcesContent) ? (map.sourcesContent as unknown[]) : [];
  const root = typeof map.sourceRoot === 'string' ? map.sourceRoot : '';
  const missing: string[] = [];
  map.sources.forEach((source, index) => {
    if (typeof contents[index] === 'string') return;
    const target = posix.normalize(posix.join(posix.dirname(mapPath), root, String(source)));
    if (!shipped.has(target)) missing.push(`${mapPath} points at ${String(source)}, neither inlined nor in the tarball`);
  });
  return missing;
}

/**
 * Everything wrong with an unpacked tarball, one sentence each; none when it is sound. The
 * manifest is the packed one (pnpm has already moved publishConfig.exports into exports), or the
 * workspace one, whose publishConfig.exports is read first.
 */
export function tarballProblems(packageDir: string, manifest: PackageManifest): string[] {
  const files = filesUnder(packageDir);
  const shipped = new Set(files);
  const problems: string[] = [];

  if (!shipped.has('README.md')) problems.push('README.md is missing');

  const exports = manifest.publishConfig?.exports ?? manifest.exports;
  const targets = exportTargets(exports);
  if (targets.length === 0) problems.push('the exports map names no file');
  for (const target of targets) {
    if (!shipped.has(posix.normalize(target))) problems.push(`${target} (named by exports) is missing`);
  }

  for (const file of files) {
    if (WORKSPACE_ONLY.some((pattern) => pattern.test(file))) problems.push(`${file} is a workspace-only file`);
    if (file.endsWith('.map')) {
      problems.push(...missingSources(file, readFileSync(join(packageDir, file), 'utf8'), shipped));
    } else if (/\.[cm]?js$|\.d\.[cm]?ts$/.test(file)) {
      // A sourceMappingURL to a map not shipped makes every debugger and bundler warn.
      const url = /\/\/# sourceMappingURL=(\S+)\s*$/.exec(readFileSync(join(packageDir, file), 'utf8'))?.[1];
      if (url && !url.startsWith('data:')) {
        const target = posix.normalize(posix.join(posix.dirname(file), url));
        if (!shipped.has(target)) problems.push(`${file} names the map ${url}, which is missing`);
      }
    }
  }
  return problems;
}

/** The packed manifest inside an unpacked tarball. */
export function packedManifest(packageDir: string): PackageManifest {
  return JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as PackageManifest;
}

