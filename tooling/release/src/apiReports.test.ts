import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkReports,
  describeCheck,
  diffLines,
  entryPoints,
  reportFileName,
  updateReports,
  withoutDocumentationNotes,
} from './apiReports.ts';
import { classifyChange } from './semverCheck.ts';
import { publishedPackages } from './workspace.ts';
import type { PublishedPackage } from './workspace.ts';

describe('API reports', () => {
  it('are named after the package and the entry point', () => {
    expect(reportFileName('@grandstand/ui', '.')).toBe('ui.api.md');
    expect(reportFileName('@grandstand/contract', '.')).toBe('contract.api.md');
    expect(reportFileName('@grandstand/contract', './node')).toBe('contract-node.api.md');
    expect(reportFileName('@grandstand/api-client', './testing')).toBe('api-client-testing.api.md');
  });

  it('cover every typed entry point a published package exports', () => {
    const contract = publishedPackages().find((pkg) => pkg.name === '@grandstand/contract')!;
    expect(entryPoints(contract).map((entry) => entry.reportName)).toEqual([
      'contract.api.md',
      'contract-node.api.md',
      'contract-testing.api.md',
    ]);
    const all = publishedPackages().flatMap((pkg) => entryPoints(pkg));
    expect(all.length).toBeGreaterThanOrEqual(publishedPackages().length);
    for (const entry of all) expect(entry.typesPath).toMatch(/[/\\]dist[/\\].+\.d\.ts$/);
  });

  it('leave out the notes about missing doc comments, which are not API', () => {
    const report = ['// @public (undocumented)', 'export interface A {', '    // (undocumented)', '    a: string;', '}'];
    expect(withoutDocumentationNotes(report.join('\n'))).toBe(
      ['// @public', 'export interface A {', '    a: string;', '}'].join('\n'),
    );
  });

  it('diff by lines, keeping what both sides share', () => {
    expect(diffLines(['a', 'b', 'c'], ['a', 'x', 'c'])).toEqual([
      { kind: 'same', text: 'a' },
      { kind: 'removed', text: 'b' },
      { kind: 'added', text: 'x' },
      { kind: 'same', text: 'c' },
    ]);
  });

  it('of every published package are current with its built declarations', () => {
    const result = checkReports();
    expect(result.errors).toEqual([]);
    expect(result.ok, describeCheck(result)).toBe(true);
  });
});

describe('the report check over a copy of a built package', () => {
  const real = publishedPackages().find((pkg) => pkg.name === '@grandstand/i18n')!;
  let folder: string;
  let copy: PublishedPackage;
  let originalIndex: string;

  beforeAll(() => {
    folder = mkdtempSync(join(tmpdir(), 'grandstand-api-check-'));
    // The package as it is published (its manifest and declarations) plus its checked-in report;
    // its dependencies are the workspace's, as a consumer's install would provide them.
    cpSync(join(real.dir, 'package.json'), join(folder, 'package.json'));
    cpSync(join(real.dir, 'dist'), join(folder, 'dist'), { recursive: true });
    cpSync(join(real.dir, 'etc'), join(folder, 'etc'), { recursive: true });
    symlinkSync(join(real.dir, 'node_modules'), join(folder, 'node_modules'), 'dir');
    copy = { ...real, dir: folder };
    originalIndex = readFileSync(join(folder, 'dist/index.d.ts'), 'utf8');
  });

  afterAll(() => {
    rmSync(folder, { recursive: true, force: true });
  });

  it('passes while the declarations match the report', () => {
    const result = checkReports([copy]);
    expect(result.ok, describeCheck(result)).toBe(true);
  });

  it('fails naming the package when an export is added', () => {
    writeFileSync(
      join(folder, 'dist/index.d.ts'),
      originalIndex + '\nexport declare function wordCount(text: string): number;\n',
    );
    const result = checkReports([copy]);
    expect(result.ok).toBe(false);
    expect(result.differences.map((d) => [d.packageName, d.subpath])).toEqual([['@grandstand/i18n', '.']]);
    const told = describeCheck(result, folder);
    expect(told).toContain('@grandstand/i18n (.): etc/i18n.api.md differs from the built API');
    expect(told).toContain('+ export function wordCount(text: string): number;');
    expect(told).toContain('run `pnpm api:update`, then add a changeset');
  });

  it('fails naming the package when an export is removed, and the change reads as breaking', () => {
    const without = originalIndex.replace(/^export \{ useErrorText \} from '\.\/errorText\.ts';\n/m, '');
    expect(without).not.toBe(originalIndex);
    writeFileSync(join(folder, 'dist/index.d.ts'), without);
    const result = checkReports([copy]);
    expect(result.ok).toBe(false);
    expect(result.differences.map((d) => d.packageName)).toEqual(['@grandstand/i18n']);
    expect(result.differences[0]!.detail).toMatch(/^- export function useErrorText/m);
  });

  it('reads an added export as an addition once the report is updated', () => {
    const before = readFileSync(join(folder, 'etc/i18n.api.md'), 'utf8');
    writeFileSync(
      join(folder, 'dist/index.d.ts'),
      originalIndex + '\nexport declare function wordCount(text: string): number;\n',
    );
    const { written, errors } = updateReports([copy]);
    expect(errors).toEqual([]);
    expect(written).toEqual([join(folder, 'etc/i18n.api.md')]);
    const after = readFileSync(join(folder, 'etc/i18n.api.md'), 'utf8');
    expect(classifyChange(before, after)).toBe('addition');
    expect(classifyChange(after, before)).toBe('breaking');
    expect(checkReports([copy]).ok).toBe(true);
  });

  it('fails on the report of an entry point that is gone, and the update removes it', () => {
    const stale = join(folder, 'etc/i18n-legacy.api.md');
    writeFileSync(stale, readFileSync(join(folder, 'etc/i18n.api.md'), 'utf8'));
    const result = checkReports([copy]);
    expect(result.ok).toBe(false);
    expect(result.differences.map((d) => [d.packageName, d.reportPath])).toEqual([['@grandstand/i18n', stale]]);
    expect(updateReports([copy]).written).toEqual([stale]);
    expect(existsSync(stale)).toBe(false);
    expect(checkReports([copy]).ok).toBe(true);
  });
});
