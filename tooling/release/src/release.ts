// Releases the published packages: builds every one of them (features included), then lets
// changesets publish those whose version is not on the registry yet (pnpm publish runs each
// package's prepack, a clean build, once more: what is published is built from what is committed).
//
//   pnpm release              build, then changeset publish
//   pnpm release --dry-run    build, pack each package into a temp folder and list them with their
//                             version and built dist; fails if a dist is missing or empty; publishes
//                             nothing
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { packAll, publishedPackages, repoRoot, type PublishedPackage } from './workspace.ts';

const run = promisify(execFile);

export interface ReleaseEntry {
  name: string;
  version: string;
  /** Files under dist/ in the tarball. */
  distFiles: number;
  /** The tarball's size in bytes. */
  packedBytes: number;
}

export interface ReleaseListing {
  entries: ReleaseEntry[];
  /** One sentence per package that must not be published as it is. */
  problems: string[];
}

/** The paths a tarball holds, without npm's `package/` folder. */
export async function tarballPaths(tarball: string): Promise<string[]> {
  const { stdout } = await run('tar', ['-tzf', tarball], { maxBuffer: 64 * 1024 * 1024 });
  return stdout
    .split('\n')
    .filter((line) => line !== '' && !line.endsWith('/'))
    .map((line) => line.replace(/^package\//, ''));
}

/** What each package's tarball holds of its built dist; a package without a tarball or with no dist is a problem. */
export async function releaseListing(packages: PublishedPackage[], tarballs: ReadonlyMap<string, string>): Promise<ReleaseListing> {
  const entries: ReleaseEntry[] = [];
  const problems: string[] = [];
  for (const pkg of packages) {
    const tarball = tarballs.get(pkg.name);
    if (!tarball) {
      problems.push(`${pkg.name}: was not packed`);
      continue;
    }
    const distFiles = (await tarballPaths(tarball)).filter((path) => path.startsWith('dist/')).length;
    entries.push({ name: pkg.name, version: pkg.version, distFiles, packedBytes: statSync(tarball).size });
    if (distFiles === 0) problems.push(`${pkg.name}: its tarball holds no built dist (is its build broken, or dist missing from "files"?)`);
  }
  return { entries, problems };
}

function kilobytes(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} kB`;
}

/** One aligned line per package: name, version, dist file count, packed size. */
export function formatListing(entries: ReleaseEntry[]): string[] {
  const nameWidth = Math.max(0, ...entries.map((entry) => entry.name.length));
  const versionWidth = Math.max(0, ...entries.map((entry) => entry.version.length));
  return entries.map(
    (entry) =>
      `${entry.name.padEnd(nameWidth)}  ${entry.version.padEnd(versionWidth)}  dist: ${String(entry.distFiles).padStart(4)} files  packed: ${kilobytes(entry.packedBytes).padStart(9)}`,
  );
}

/** Runs a command with the terminal's output; rejects when it fails. */
function step(command: string, args: string[]): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { cwd: repoRoot, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolvePromise() : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`))));
  });
}

/** Builds every published package with turbo, one filter each, so none is left out by a folder glob. */
export function buildArguments(packages: PublishedPackage[]): string[] {
  return ['turbo', 'run', 'build', ...packages.map((pkg) => `--filter=${pkg.name}`)];
}

async function main(args: string[]): Promise<number> {
  const dryRun = args.includes('--dry-run');
  const packages = publishedPackages();
  await step('pnpm', buildArguments(packages));

  if (!dryRun) {
    await step('pnpm', ['exec', 'changeset', 'publish']);
    return 0;
  }

  const destination = mkdtempSync(join(tmpdir(), 'grandstand-release-'));
  try {
    // Just built: packing as the registry would receive it, without building a second time.
    const { entries, problems } = await releaseListing(packages, await packAll(destination));
    console.log(`\nA release would publish ${entries.length} packages (dry run: nothing published):\n`);
    for (const line of formatListing(entries)) console.log(`  ${line}`);
    if (problems.length > 0) {
      console.error(`\nNot releasable:\n${problems.map((problem) => `  ${problem}`).join('\n')}`);
      return 1;
    }
    return 0;
  } finally {
    rmSync(destination, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
