import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { buildArguments, formatListing, releaseListing, tarballPaths } from './release.ts';
import { packPackage, publishedPackages, type PublishedPackage } from './workspace.ts';

const scratch = mkdtempSync(join(tmpdir(), 'grandstand-release-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('the dry run of a release', () => {
  const packages = publishedPackages();
  // Packed once for the run (src/packOnce.ts), as turbo built them.
  const tarballs = new Map(Object.entries(inject('packedTarballs')));

  it('lists every published package with its version, its dist files and its packed size', async () => {
    const { entries, problems } = await releaseListing(packages, tarballs);
    expect(problems).toEqual([]);
    expect(entries.map((entry) => entry.name)).toEqual(packages.map((pkg) => pkg.name));
    // Features are published too: the release builds and lists them like the shared packages.
    expect(entries.map((entry) => entry.name)).toEqual(expect.arrayContaining(['@grandstand/contract', '@grandstand/auth', '@grandstand/vod']));
    for (const entry of entries) {
      expect(entry.version).toBe(packages.find((pkg) => pkg.name === entry.name)!.version);
      expect(entry.distFiles).toBeGreaterThan(0);
      expect(entry.packedBytes).toBeGreaterThan(0);
    }
    const lines = formatListing(entries);
    expect(lines).toHaveLength(packages.length);
    const contract = entries.find((entry) => entry.name === '@grandstand/contract')!;
    expect(lines.find((line) => line.startsWith('@grandstand/contract '))).toMatch(
      new RegExp(`^@grandstand/contract +${contract.version.replaceAll('.', '\\.')} +dist: +${contract.distFiles} files +packed: +[0-9.]+ kB$`),
    );
  });

  it('counts the dist files the tarball holds', async () => {
    const tarball = tarballs.get('@grandstand/contract')!;
    const paths = await tarballPaths(tarball);
    expect(paths).toEqual(expect.arrayContaining(['package.json', 'README.md', 'dist/index.js', 'dist/index.d.ts']));
    const { entries } = await releaseListing(
      packages.filter((pkg) => pkg.name === '@grandstand/contract'),
      tarballs,
    );
    expect(entries[0]!.distFiles).toBe(paths.filter((path) => path.startsWith('dist/')).length);
  });

  it('refuses a package whose dist is missing or empty, and one that was not packed', async () => {
    const make = (name: string, dist: 'missing' | 'empty'): PublishedPackage => {
      const dir = join(scratch, 'unbuilt', name);
      mkdirSync(dir, { recursive: true });
      if (dist === 'empty') mkdirSync(join(dir, 'dist'));
      const manifest = { name: `@grandstand/${name}`, version: '1.2.3', files: ['dist', 'README.md'] };
      writeFileSync(join(dir, 'package.json'), JSON.stringify(manifest));
      writeFileSync(join(dir, 'README.md'), `# ${name}\n`);
      return { name: manifest.name, version: manifest.version, dir, manifest };
    };
    const unbuilt = [make('missing-dist', 'missing'), make('empty-dist', 'empty')];
    const packed = new Map<string, string>();
    for (const pkg of unbuilt) packed.set(pkg.name, await packPackage(pkg, join(scratch, 'unbuilt-tarballs')));
    const notPacked = make('never-packed', 'missing');

    const { entries, problems } = await releaseListing([...unbuilt, notPacked], packed);
    expect(entries.map((entry) => [entry.name, entry.distFiles])).toEqual([
      ['@grandstand/missing-dist', 0],
      ['@grandstand/empty-dist', 0],
    ]);
    expect(problems).toEqual([
      '@grandstand/missing-dist: its tarball holds no built dist (is its build broken, or dist missing from "files"?)',
      '@grandstand/empty-dist: its tarball holds no built dist (is its build broken, or dist missing from "files"?)',
      '@grandstand/never-packed: was not packed',
    ]);
  });

  it('builds every published package by name', () => {
    expect(buildArguments(packages)).toEqual(['turbo', 'run', 'build', ...packages.map((pkg) => `--filter=${pkg.name}`)]);
  });
});
