import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, relative } from 'node:path';
import ts from 'typescript';
import type { PublishedPackage } from './workspace.ts';

/**
 * Every import a built package makes must resolve for a consumer whose installer gives each package
 * only what it declares (pnpm, Yarn PnP): under npm's flat layout an undeclared import often works
 * by luck, hoisted there by some other package, and breaks the day that package stops pulling it in.
 */

/** One bare import found in a built file. */
export interface FoundImport {
  /** The specifier as written: `react`, `@grandstand/store`, `react-dom/client`. */
  specifier: string;
  /** The package it names: `react-dom` for `react-dom/client`, `@scope/x` for `@scope/x/y`. */
  packageName: string;
  /** The file under the package's folder, `dist/index.d.ts`. */
  file: string;
  /** Only in declarations: a consumer's type checker needs it, its bundler never does. */
  typesOnly: boolean;
}

/** An import a consumer could not resolve from what the package declares. */
export interface UndeclaredImport extends FoundImport {
  package: string;
}

/**
 * Every module specifier a built file names, each once: import and export … from, side-effect
 * imports, dynamic `import()` and `import("x").T` type references, `require()`, and
 * `/// <reference types>`. TypeScript's own pre-processor finds them, so a specifier in a comment
 * or a string counts for nothing, as it does for a compiler or a bundler.
 */
export function specifiersIn(text: string): string[] {
  const { importedFiles, typeReferenceDirectives } = ts.preProcessFile(text, true, true);
  return [...new Set([...importedFiles, ...typeReferenceDirectives].map((reference) => reference.fileName))];
}

/** A specifier that names a package, not a file: neither relative, absolute nor a URL. */
export function isBare(specifier: string): boolean {
  return !/^(\.{1,2}(\/|$)|\/|[a-z][a-z0-9+.-]*:)/i.test(specifier) || specifier.startsWith('node:');
}

/** The package a bare specifier names: its first segment, or its first two for a scoped one. */
export function packageNameOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

const BUILTINS = new Set(builtinModules.filter((name) => !name.startsWith('_')));

/** `node:fs`, or a built-in without its prefix (`fs`, `fs/promises`). */
export function isBuiltin(specifier: string): boolean {
  return specifier.startsWith('node:') || BUILTINS.has(specifier) || BUILTINS.has(packageNameOf(specifier));
}

/** `@types/react` for `react`, `@types/babel__core` for `@babel/core`. */
export function typesPackageFor(packageName: string): string {
  return packageName.startsWith('@') ? `@types/${packageName.slice(1).replace('/', '__')}` : `@types/${packageName}`;
}

function builtFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    if (/\.(d\.ts|d\.mts|d\.cts|js|mjs|cjs)$/.test(entry.name)) files.push(join(entry.parentPath, entry.name));
  }
  return files.sort();
}

/** Every bare import in the package's built `dist`, declarations and JavaScript alike. */
export function importsOf(pkg: PublishedPackage): FoundImport[] {
  const found: FoundImport[] = [];
  for (const path of builtFiles(join(pkg.dir, 'dist'))) {
    const typesOnly = /\.d\.[mc]?ts$/.test(path);
    for (const specifier of specifiersIn(readFileSync(path, 'utf8'))) {
      if (!isBare(specifier)) continue;
      found.push({ specifier, packageName: packageNameOf(specifier), file: relative(pkg.dir, path), typesOnly });
    }
  }
  return found;
}

/**
 * The imports of the package's built files that a consumer could not resolve: not the package
 * itself, not a Node built-in, and not in `dependencies` or `peerDependencies` (a declaration's
 * import of `x` is also met by `@types/x` declared, which is where such types come from).
 */
export function undeclaredImports(pkg: PublishedPackage): UndeclaredImport[] {
  const declared = new Set([
    ...Object.keys(pkg.manifest.dependencies ?? {}),
    ...Object.keys(pkg.manifest.peerDependencies ?? {}),
  ]);
  return importsOf(pkg)
    .filter((found) => {
      if (found.packageName === pkg.name || isBuiltin(found.specifier)) return false;
      if (declared.has(found.packageName)) return false;
      return !(found.typesOnly && declared.has(typesPackageFor(found.packageName)));
    })
    .map((found) => ({ ...found, package: pkg.name }));
}

/** One line per undeclared package and package that imports it, naming the first file that does. */
export function describeUndeclared(problems: UndeclaredImport[]): string[] {
  const lines = new Map<string, string>();
  for (const problem of problems) {
    const key = `${problem.package} → ${problem.packageName}`;
    if (!lines.has(key)) lines.set(key, `${key} (${problem.file} imports '${problem.specifier}')`);
  }
  return [...lines.values()];
}
