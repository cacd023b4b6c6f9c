import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { packAll, repoRoot } from './workspace.ts';

const run = promisify(execFile);

/**
 * The fixture app: a channel app as a platform team composes it from the packages' READMEs. It is an
 * example beside the apps, not part of the release checks: they copy it out of the repository.
 */
export const consumerTemplate = join(repoRoot, 'examples/consumer');

/** What the app is told at start (`public/channel-app.json`; see examples/consumer/src/config.ts). */
export interface ChannelAppConfig {
  apiBaseUrl: string;
  channelKey: string;
  slug: string;
  language: string;
  fallbackColors: Record<string, string>;
}

export interface PreparedConsumer {
  /** The app's folder, outside the repository. */
  dir: string;
  /** The tarballs it installed, by package name. */
  tarballs: Map<string, string>;
}

/** Whether `dir` lies inside the repository (the consumer must not: it would see the workspace's node_modules). */
export function isInsideRepository(dir: string, root: string = repoRoot): boolean {
  const path = relative(root, resolve(dir));
  return path === '' || (!path.startsWith('..') && !path.startsWith('/'));
}

/** The template's package.json with every published package as a `file:` dependency on its tarball. */
export function consumerManifest(template: Record<string, unknown>, tarballs: ReadonlyMap<string, string>): Record<string, unknown> {
  const dependencies: Record<string, string> = { ...(template.dependencies as Record<string, string> | undefined) };
  for (const [name, tarball] of [...tarballs].sort(([a], [b]) => a.localeCompare(b))) dependencies[name] = `file:${tarball}`;
  return { ...template, dependencies };
}

async function step(command: string, args: string[], cwd: string): Promise<void> {
  try {
    await run(command, args, { cwd, maxBuffer: 64 * 1024 * 1024, env: { ...process.env, npm_config_update_notifier: 'false' } });
  } catch (error) {
    const failure = error as { stdout?: string; stderr?: string; message: string };
    throw new Error(`${command} ${args.join(' ')} failed in ${cwd}:\n${failure.stdout ?? ''}\n${failure.stderr ?? failure.message}`, { cause: error });
  }
}

/**
 * Makes the consumer app as a platform team would: a copy of the template in a fresh folder of the
 * system's temp dir, every published package packed as the registry would receive it and installed
 * from its tarball with npm (third-party dependencies from the registry), then typechecked and
 * built. Answers the folder; `dist/` holds the built app, `channel-app.json` the channel it is for.
 */
export async function prepareConsumer(config: ChannelAppConfig, options: { root?: string; parent?: string } = {}): Promise<PreparedConsumer> {
  const root = options.root ?? repoRoot;
  const dir = mkdtempSync(join(options.parent ?? tmpdir(), 'grandstand-consumer-'));
  if (isInsideRepository(dir, root)) throw new Error(`the consumer app must live outside the repository, not in ${dir}`);
  try {
    cpSync(consumerTemplate, dir, { recursive: true, filter: (source) => !/[/\\](node_modules|dist)$/.test(source) });
    const tarballs = await packAll(join(dir, '.tarballs'), root);
    const template = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Record<string, unknown>;
    writeFileSync(join(dir, 'package.json'), `${JSON.stringify(consumerManifest(template, tarballs), null, 2)}\n`);
    mkdirSync(join(dir, 'public'), { recursive: true });
    writeFileSync(join(dir, 'public', 'channel-app.json'), `${JSON.stringify(config, null, 2)}\n`);
    // npm is the consumer's tool (run by the Node 24 toolchain on PATH); the registry serves the third-party packages.
    await step('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], dir);
    await step('npx', ['--no-install', 'tsc', '--noEmit', '-p', 'tsconfig.json'], dir);
    await step('npx', ['--no-install', 'vite', 'build'], dir);
    return { dir, tarballs };
  } catch (error) {
    // A failed check leaves nothing behind in the temp dir.
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}
