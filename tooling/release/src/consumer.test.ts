import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { consumerManifest, consumerTemplate, isInsideRepository } from './consumer.ts';
import { publishedPackages, repoRoot } from './workspace.ts';

/** The workspace catalog (pnpm-workspace.yaml): name → range. */
function catalog(): Map<string, string> {
  const text = readFileSync(join(repoRoot, 'pnpm-workspace.yaml'), 'utf8');
  const block = text.slice(text.indexOf('\ncatalog:'));
  const entries = [...block.matchAll(/^ {2}'?([@\w/.-]+)'?:\s*'([^']+)'/gm)].map((match) => [match[1]!, match[2]!] as const);
  return new Map(entries);
}

const template = JSON.parse(readFileSync(join(consumerTemplate, 'package.json'), 'utf8')) as { dependencies: Record<string, string>; devDependencies: Record<string, string> };

describe('the consumer app’s template', () => {
  it('pins each third-party dependency to an exact version of the workspace catalog’s range', () => {
    const ranges = catalog();
    const pinned = { ...template.dependencies, ...template.devDependencies };
    expect(Object.keys(pinned).length).toBeGreaterThan(5);
    for (const [name, version] of Object.entries(pinned)) {
      expect(version, name).toMatch(/^\d+\.\d+\.\d+$/);
      const range = ranges.get(name);
      expect(range, `${name} is in the catalog`).toBeDefined();
      // Caret ranges of the catalog: same major, at least the range's version.
      const [major, minor, patch] = range!.replace(/^\^/, '').split('.').map(Number) as [number, number, number];
      const [vMajor, vMinor, vPatch] = version.split('.').map(Number) as [number, number, number];
      expect(vMajor, name).toBe(major);
      expect(vMinor * 1e6 + vPatch >= minor * 1e6 + patch, `${name} ${version} satisfies ${range}`).toBe(true);
    }
  });

  it('names no package of ours: the check adds every published one from its tarball', () => {
    expect(Object.keys({ ...template.dependencies, ...template.devDependencies }).filter((name) => name.startsWith('@grandstand/'))).toEqual([]);
  });

  it('is no workspace package: pnpm-workspace.yaml names no glob that reaches examples/', () => {
    const globs = [...readFileSync(join(repoRoot, 'pnpm-workspace.yaml'), 'utf8').matchAll(/^ {2}- (\S+)$/gm)].map((match) => match[1]!);
    expect(globs.length).toBeGreaterThan(0);
    expect(globs.filter((glob) => glob.startsWith('examples') || glob.startsWith('*'))).toEqual([]);
  });
});

describe('consumerManifest', () => {
  it('adds every published package as a file: dependency on its tarball, keeping the template’s', () => {
    const tarballs = new Map(publishedPackages().map((pkg) => [pkg.name, `/tmp/packs/${pkg.name.replace('@grandstand/', 'grandstand-')}.tgz`]));
    const manifest = consumerManifest(template, tarballs) as { dependencies: Record<string, string>; devDependencies: Record<string, string> };
    for (const [name, tarball] of tarballs) expect(manifest.dependencies[name]).toBe(`file:${tarball}`);
    expect(manifest.dependencies.react).toBe(template.dependencies.react);
    expect(manifest.devDependencies).toEqual(template.devDependencies);
  });
});

describe('isInsideRepository', () => {
  it('tells the repository’s folders from the temp dir', () => {
    expect(isInsideRepository(repoRoot)).toBe(true);
    expect(isInsideRepository(join(repoRoot, 'examples/consumer'))).toBe(true);
    expect(isInsideRepository(join(tmpdir(), 'grandstand-consumer-x'))).toBe(false);
    expect(isInsideRepository(`${repoRoot}-sibling`)).toBe(false);
  });
});
