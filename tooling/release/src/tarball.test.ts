import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { exportTargets, filesUnder, missingSources, packedManifest, tarballProblems, unpack } from './tarball.ts';
import { packPackage, publishedPackages, repoRoot, type PublishedPackage } from './workspace.ts';

const scratch = mkdtempSync(join(tmpdir(), 'grandstand-tarballs-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function write(root: string, files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  }
}

describe('judging an unpacked tarball', () => {
  const manifest = {
    name: '@grandstand/example',
    version: '1.0.0',
    exports: { '.': './src/index.ts' },
    publishConfig: { exports: { '.': { types: './dist/index.d.ts', default: './dist/index.js' }, './extra': './dist/extra.js' } },
  };

  it('names every file of the exports map, under any condition', () => {
    expect(exportTargets(manifest.publishConfig.exports)).toEqual(['./dist/index.d.ts', './dist/index.js', './dist/extra.js']);
  });

  it('accepts a map whose sources are inlined, or shipped beside it', () => {
    const shipped = new Set(['dist/a.js', 'dist/a.js.map', 'lib/b.ts']);
    expect(missingSources('dist/a.js.map', JSON.stringify({ sources: ['../src/a.ts'], sourcesContent: ['export {}'] }), shipped)).toEqual([]);
    expect(missingSources('dist/a.js.map', JSON.stringify({ sources: ['b.ts'], sourceRoot: '../lib' }), shipped)).toEqual([]);
  });

  it('refuses a map pointing at sources the tarball lacks, and one that is not a map', () => {
    expect(missingSources('dist/a.d.ts.map', JSON.stringify({ sources: ['../src/a.ts'] }), new Set())).toEqual([
      'dist/a.d.ts.map points at ../src/a.ts, neither inlined nor in the tarball',
    ]);
    expect(missingSources('dist/a.js.map', 'not json', new Set())).toEqual(['dist/a.js.map is not JSON']);
  });

  it('finds every kind of problem in one tarball', () => {
    const dir = join(scratch, 'bad', 'package');
    write(dir, {
      'dist/index.js': 'export const a = 1;\n//# sourceMappingURL=index.js.map\n',
      'dist/index.d.ts': 'export declare const a = 1;\n//# sourceMappingURL=index.d.ts.map\n',
      'dist/index.d.ts.map': JSON.stringify({ version: 3, sources: ['../src/index.ts'], mappings: '' }),
      'dist/index.test.js': '',
      'dist/Button.stories.js': '',
      'dist/test/fixtures.js': '',
    });
    expect(tarballProblems(dir, manifest)).toEqual([
      'README.md is missing',
      './dist/extra.js (named by exports) is missing',
      'dist/Button.stories.js is a workspace-only file',
      'dist/index.d.ts.map points at ../src/index.ts, neither inlined nor in the tarball',
      'dist/index.js names the map index.js.map, which is missing',
      'dist/index.test.js is a workspace-only file',
      'dist/test/fixtures.js is a workspace-only file',
    ]);
  });
});

describe('the published tarballs', () => {
  const packages = publishedPackages();
  const unpacked = new Map<string, string>();

  // The test task runs after turbo built every package: the tarballs of what is built, as it
  // stands, packed once for the run (src/packOnce.ts).
  beforeAll(async () => {
    for (const [name, tarball] of Object.entries(inject('packedTarballs'))) {
      unpacked.set(name, await unpack(tarball, join(scratch, 'unpacked', name.replace('/', '__'))));
    }
  }, 180_000);

  it.each(packages.map((pkg) => [pkg.name, pkg] as const))('%s holds what it references and nothing of the workspace', (name, pkg) => {
    const dir = unpacked.get(name)!;
    expect(tarballProblems(dir, pkg.manifest)).toEqual([]);
    expect(filesUnder(dir).filter((file) => file.endsWith('.js')).length).toBeGreaterThan(0);
    // pnpm turned every workspace and catalog range into a version a registry can resolve.
    const packed = packedManifest(dir);
    const ranges = Object.values({ ...packed.dependencies, ...packed.peerDependencies });
    expect(ranges.filter((range) => /^(workspace|catalog):/.test(range))).toEqual([]);
  });
});

/**
 * A copy of a package outside the repository, without its dist, whose node_modules are the real
 * package's (links) except for the workspace packages given, which point at copies: so nothing it
 * builds from can be a dist the workspace already had, and the workspace's own dist folders, which
 * other checks read meanwhile, stay as they are.
 */
function copyPackage(source: string, into: string, replaced: Record<string, string> = {}): string {
  cpSync(source, into, {
    recursive: true,
    filter: (path) => !/[/\\](node_modules|dist|\.turbo)$/.test(path),
  });
  const modules = join(source, 'node_modules');
  mkdirSync(join(into, 'node_modules'));
  for (const entry of readdirSync(modules)) {
    if (entry.startsWith('@')) {
      mkdirSync(join(into, 'node_modules', entry));
      for (const scoped of readdirSync(join(modules, entry))) {
        const name = `${entry}/${scoped}`;
        symlinkSync(replaced[name] ?? join(modules, entry, scoped), join(into, 'node_modules', entry, scoped));
      }
    } else {
      symlinkSync(join(modules, entry), join(into, 'node_modules', entry));
    }
  }
  return into;
}

describe('packing builds first', () => {
  it('packs a package that has no dist, nor has the workspace package it depends on', async () => {
    // A workspace of two copies: its pnpm-workspace.yaml gives pnpm the catalog the ranges name.
    const copies = join(scratch, 'unbuilt');
    mkdirSync(copies, { recursive: true });
    cpSync(join(repoRoot, 'pnpm-workspace.yaml'), join(copies, 'pnpm-workspace.yaml'));
    const contract = copyPackage(join(repoRoot, 'packages/contract'), join(copies, 'packages/contract'));
    const dir = copyPackage(join(repoRoot, 'packages/api-client'), join(copies, 'packages/api-client'), {
      '@grandstand/contract': contract,
    });
    expect(existsSync(join(dir, 'dist'))).toBe(false);
    expect(existsSync(join(contract, 'dist'))).toBe(false);

    const real = publishedPackages().find((pkg) => pkg.name === '@grandstand/api-client')!;
    const copy: PublishedPackage = { ...real, dir };
    const tarball = await packPackage(copy, join(copies, 'tarballs'), { build: true });
    const unpacked = await unpack(tarball, join(copies, 'unpacked'));

    expect(filesUnder(unpacked)).toEqual(expect.arrayContaining(['dist/index.js', 'dist/index.d.ts', 'dist/testing.js']));
    expect(tarballProblems(unpacked, real.manifest)).toEqual([]);
    // The dependency was built from its source, not from a dist of its own.
    expect(existsSync(join(contract, 'dist'))).toBe(false);
  }, 120_000);
});
