/**
 * A package's static import graph, from its sources as text (a test's `import.meta.glob` with
 * `query: '?raw'`), for tests that hold what a page carries: a static value import puts a file in
 * its importer's chunk, while a dynamic `import()` makes a chunk of its own (architecture: heavy
 * things load late). Type-only imports are erased, so they are not followed.
 */
export type Sources = Readonly<Record<string, string>>;

/** `import.meta.glob` answers keyed `./a/b.ts`: the same keyed `a/b.ts` (files outside stay `../x.ts`). */
export function sourcesByPath(globbed: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(globbed).map(([file, text]) => [file.replace(/^\.\//, ''), text]));
}

/** Static value imports of a source (`import x from`, `export … from`, bare `import '…'`). */
export function staticImports(source: string): string[] {
  const specifiers: string[] = [];
  for (const match of source.matchAll(/^\s*(import|export)\s+(type\s+)?([^'"`;]*?\sfrom\s+)?['"]([^'"]+)['"]/gm)) {
    if (!match[2] && match[4]) specifiers.push(match[4]);
  }
  return specifiers;
}

/** A relative specifier from `from`, as a key of the sources (`../` kept where it leaves the folder). */
export function resolveImport(from: string, specifier: string): string {
  const parts = from.split('/').slice(0, -1);
  for (const part of specifier.split('/')) {
    if (part === '..' && parts.length > 0 && parts.at(-1) !== '..') parts.pop();
    else if (part === '..') parts.push(part);
    else if (part !== '.') parts.push(part);
  }
  return parts.join('/');
}

/**
 * Every source file `entry` reaches through static relative imports, with the specifiers each
 * imports (JSON files are leaves). A file imported but not among the sources is an error: the
 * test's glob must cover what it follows.
 */
export function importGraph(sources: Sources, entry: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const visit = (file: string) => {
    if (graph.has(file)) return;
    if (file.endsWith('.json')) {
      graph.set(file, []);
      return;
    }
    const source = sources[file];
    if (source === undefined) throw new Error(`${file} is imported but not found`);
    const imports = staticImports(source);
    graph.set(file, imports);
    for (const specifier of imports) if (specifier.startsWith('.')) visit(resolveImport(file, specifier));
  };
  visit(entry);
  return graph;
}

/** The files `entry` reaches through static relative imports, itself included. */
export function reach(sources: Sources, entry: string): Set<string> {
  return new Set(importGraph(sources, entry).keys());
}
