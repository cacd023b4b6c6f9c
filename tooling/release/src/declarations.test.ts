import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  describeUndeclared,
  importsOf,
  isBare,
  isBuiltin,
  packageNameOf,
  specifiersIn,
  typesPackageFor,
  undeclaredImports,
} from './declarations.ts';
import { publishedPackages, type PublishedPackage } from './workspace.ts';

describe('reading the imports of a built file', () => {
  it('finds static, re-exported, side-effect, dynamic and type-position imports, and type references', () => {
    const text = [
      '/// <reference types="vite/client" />',
      "import type { A } from 'a';",
      'export * from "b";',
      "export { c } from 'c/sub';",
      "import 'side-effect';",
      'export declare const api: import("@reduxjs/toolkit/query").Api<any>;',
      "const lazy = () => import('lazy-chunk');",
    ].join('\n');
    expect(specifiersIn(text).sort()).toEqual(
      ['@reduxjs/toolkit/query', 'a', 'b', 'c/sub', 'lazy-chunk', 'side-effect', 'vite/client'].sort(),
    );
  });

  it('takes nothing from comments or strings', () => {
    const text = [
      "// import x from 'in-a-line-comment';",
      "/** @example import y from 'in-a-doc-comment' */",
      "export const note = \"pick one from 'a-string'\";",
    ].join('\n');
    expect(specifiersIn(text)).toEqual([]);
  });

  it('tells packages from files, and names the package of a deep import', () => {
    expect(isBare('react')).toBe(true);
    expect(isBare('@grandstand/store')).toBe(true);
    expect(isBare('node:fs')).toBe(true);
    expect(isBare('./index.js')).toBe(false);
    expect(isBare('../x.js')).toBe(false);
    expect(isBare('/abs/x.js')).toBe(false);
    expect(isBare('https://example.test/x.js')).toBe(false);
    expect(packageNameOf('react-dom/client')).toBe('react-dom');
    expect(packageNameOf('@reduxjs/toolkit/query/react')).toBe('@reduxjs/toolkit');
    expect(isBuiltin('node:fs')).toBe(true);
    expect(isBuiltin('fs/promises')).toBe(true);
    expect(isBuiltin('react')).toBe(false);
    expect(typesPackageFor('react')).toBe('@types/react');
    expect(typesPackageFor('@babel/core')).toBe('@types/babel__core');
  });
});

describe('a package whose built files import what it does not declare', () => {
  const dir = mkdtempSync(join(tmpdir(), 'grandstand-declarations-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  mkdirSync(join(dir, 'dist', 'nested'), { recursive: true });
  writeFileSync(
    join(dir, 'dist', 'index.d.ts'),
    [
      "import type { Api } from '@reduxjs/toolkit/query';",
      "import type { Transport } from '@grandstand/api-client';",
      "import type { ReactNode } from 'react';",
      "import type { Props } from 'only-typed';",
      "export type { Own } from '@grandstand/example/own';",
      'export declare const api: Api<any> & import("hidden-in-a-type").T;',
    ].join('\n'),
  );
  writeFileSync(
    join(dir, 'dist', 'nested', 'chunk.js'),
    ["import { readFile } from 'node:fs/promises';", "import { colord } from 'colord';", "export const load = () => import('only-typed');"].join('\n'),
  );
  writeFileSync(join(dir, 'dist', 'index.js'), "export * from './nested/chunk.js';\n");
  const pkg: PublishedPackage = {
    name: '@grandstand/example',
    version: '1.0.0',
    dir,
    manifest: {
      name: '@grandstand/example',
      version: '1.0.0',
      dependencies: { colord: '^2.0.0', '@types/only-typed': '^1.0.0' },
      peerDependencies: { react: '^19.0.0' },
    },
  };

  it('reads declarations and JavaScript alike, nested folders included', () => {
    const files = new Set(importsOf(pkg).map((found) => found.file));
    expect(files).toEqual(new Set(['dist/index.d.ts', 'dist/nested/chunk.js']));
  });

  it('names each undeclared package, and lets @types/x stand for x only in declarations', () => {
    const problems = undeclaredImports(pkg);
    expect(new Set(problems.map((problem) => problem.packageName))).toEqual(
      // only-typed: its declaration import is met by @types/only-typed, its runtime import is not.
      new Set(['@reduxjs/toolkit', '@grandstand/api-client', 'hidden-in-a-type', 'only-typed']),
    );
    expect(problems.find((problem) => problem.packageName === 'only-typed')).toMatchObject({
      file: 'dist/nested/chunk.js',
      typesOnly: false,
    });
    expect(describeUndeclared(problems)).toContain(
      "@grandstand/example → @reduxjs/toolkit (dist/index.d.ts imports '@reduxjs/toolkit/query')",
    );
  });
});

describe('the published packages', () => {
  const packages = publishedPackages();

  it.each(packages.map((pkg) => [pkg.name, pkg] as const))('%s imports only what it declares', (_name, pkg) => {
    // The test task runs after every published package is built; an empty dist would pass vacuously.
    expect(existsSync(join(pkg.dir, 'dist', 'index.d.ts')), `${pkg.name} is not built`).toBe(true);
    expect(describeUndeclared(undeclaredImports(pkg))).toEqual([]);
  });
});
