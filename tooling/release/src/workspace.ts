import { execFile } from 'node:child_process';
import { readdirSync, readFileSync, existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The repository's root: two folders above this package. */
export const repoRoot = resolve(import.meta.dirname, '../../..');

export interface PackageManifest {
  name: string;
  version: string;
  private?: boolean;
  exports?: Record<string, unknown>;
  publishConfig?: { exports?: Record<string, unknown> };
  files?: string[];
  scripts?: Record<string, string>;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

export interface PublishedPackage {
  name: string;
  version: string;
  /** Absolute folder of the package. */
  dir: string;
  manifest: PackageManifest;
}

/** The folders that hold publishable packages (pnpm-workspace.yaml lists apps and tooling too). */
const LIBRARY_FOLDERS = ['packages', 'packages/features'];

/** Every package a release publishes: the libraries under packages/ that are not private. */
export function publishedPackages(root: string = repoRoot): PublishedPackage[] {
  const found: PublishedPackage[] = [];
  for (const folder of LIBRARY_FOLDERS) {
    for (const entry of readdirSync(join(root, folder), { withFileTypes: true })) {
      if (!entry.isDirectory()) continue;
      const dir = join(root, folder, entry.name);
      const manifestPath = join(dir, 'package.json');
      if (!existsSync(manifestPath)) continue;
      const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as PackageManifest;
      if (manifest.private) continue;
      found.push({ name: manifest.name, version: manifest.version, dir, manifest });
    }
  }
  return found.sort((a, b) => a.name.localeCompare(b.name));
}

export interface PackOptions {
  /**
   * Run the package's prepack (a clean build of its dist), as `pnpm publish` does. Off by default:
   * the release checks run after turbo has built every package, and rebuilding would delete a
   * dist that other checks are reading at the same moment.
   */
  build?: boolean;
}

/**
 * Packs one package as the registry would receive it (pnpm applies publishConfig and turns
 * `workspace:` and `catalog:` ranges into versions) and answers the tarball's path.
 */
export async function packPackage(pkg: PublishedPackage, destination: string, options: PackOptions = {}): Promise<string> {
  mkdirSync(destination, { recursive: true });
  const env = { ...process.env };
  if (!options.build) env.npm_config_ignore_scripts = 'true';
  const { stdout } = await run('pnpm', ['pack', '--json', '--pack-destination', destination], {
    cwd: pkg.dir,
    env,
    maxBuffer: 64 * 1024 * 1024,
  });
  // pnpm prints lifecycle output (whose echoed commands may hold braces) before the JSON when a
  // prepack script runs; the JSON is the part that opens with a brace at the start of a line.
  const start = stdout.startsWith('{') ? 0 : stdout.indexOf('\n{') + 1;
  const json = stdout.slice(start);
  const answer = JSON.parse(json) as { filename: string };
  return resolve(destination, answer.filename);
}

/** Packs every published package, one after another (with `build`, each one's prepack first). */
export async function packAll(
  destination: string,
  root: string = repoRoot,
  options: PackOptions = {},
): Promise<Map<string, string>> {
  const tarballs = new Map<string, string>();
  for (const pkg of publishedPackages(root)) tarballs.set(pkg.name, await packPackage(pkg, destination, options));
  return tarballs;
}
