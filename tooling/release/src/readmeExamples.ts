import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { publishedPackages, repoRoot } from './workspace.ts';

/** The info-string word that keeps a block out of the check; every use is counted and reported. */
export const NO_CHECK = 'no-check';

const CHECKED_LANGUAGES = new Set(['ts', 'tsx', 'typescript']);

export interface ReadmeExample {
  /** The README's path as given (repository-relative for the published packages). */
  readme: string;
  /** 1-based line of the opening fence in the README. */
  line: number;
  language: 'ts' | 'tsx';
  /** The block's info string as written after the fence, e.g. `tsx no-check`. */
  info: string;
  code: string;
  /** Whether the block asked to be left out of the check. */
  optedOut: boolean;
}

export interface ExampleFailure {
  readme: string;
  /** 1-based README line the message is about: the block's own line when the compiler names one. */
  line: number;
  /** 1-based line of the block's opening fence. */
  blockLine: number;
  message: string;
}

export interface ExampleCheckResult {
  checked: ReadmeExample[];
  optedOut: ReadmeExample[];
  failures: ExampleFailure[];
}

/**
 * Every ```ts / ```tsx block of a README, with the line of its opening fence. Fences follow
 * CommonMark: three or more backticks or tildes, closed by a fence of the same character at least as
 * long; a block left open runs to the end of the file, as a renderer shows it.
 */
export function extractExamples(markdown: string, readme: string): ReadmeExample[] {
  const lines = markdown.split(/\r?\n/);
  const examples: ReadmeExample[] = [];
  let open: { fence: string; start: number; info: string; body: string[] } | null = null;
  for (const [index, text] of lines.entries()) {
    if (open) {
      const close = /^ {0,3}(`{3,}|~{3,})\s*$/.exec(text);
      if (close?.[1] && close[1][0] === open.fence[0] && close[1].length >= open.fence.length) {
        collect(open);
        open = null;
      } else {
        open.body.push(text);
      }
      continue;
    }
    const start = /^ {0,3}(`{3,}|~{3,})\s*(.*)$/.exec(text);
    if (start?.[1] !== undefined) {
      const info = (start[2] ?? '').trim();
      // A backtick fence's info string may not hold a backtick (CommonMark): that line is inline code.
      if (start[1].startsWith('`') && info.includes('`')) continue;
      open = { fence: start[1], start: index + 1, info, body: [] };
    }
  }
  if (open) collect(open);
  return examples;

  function collect(block: { start: number; info: string; body: string[] }): void {
    const words = block.info.split(/[\s,{}]+/).filter(Boolean);
    const language = words[0]?.toLowerCase();
    if (!language || !CHECKED_LANGUAGES.has(language)) return;
    examples.push({
      readme,
      line: block.start,
      language: language === 'tsx' ? 'tsx' : 'ts',
      info: block.info,
      code: block.body.join('\n'),
      optedOut: words.slice(1).includes(NO_CHECK),
    });
  }
}

/**
 * The settings an app that consumes the packages would build with: strict, the DOM, React's
 * automatic JSX runtime, a bundler's module resolution. `moduleDetection: force` makes every block its
 * own module, so blocks never see each other's names: a block that leans on another one's imports
 * (a fragment) fails.
 */
export const EXAMPLE_COMPILER_OPTIONS: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2023,
  lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  moduleDetection: ts.ModuleDetectionKind.Force,
  jsx: ts.JsxEmit.ReactJSX,
  strict: true,
  noUncheckedIndexedAccess: true,
  noImplicitOverride: true,
  noFallthroughCasesInSwitch: true,
  verbatimModuleSyntax: true,
  isolatedModules: true,
  // The workspace packages' entry points are their TypeScript sources, which import with `.ts`.
  allowImportingTsExtensions: true,
  resolveJsonModule: true,
  skipLibCheck: true,
  noEmit: true,
  types: [],
};

export interface CheckOptions {
  /**
   * Where the blocks are written as modules. It must sit where the packages and their peers
   * resolve (inside this tooling package); a fresh folder is made in it and removed afterwards.
   */
  workRoot?: string;
  /** Paths in failures are given relative to this folder. */
  relativeTo?: string;
}

/**
 * Writes each block of the given READMEs as a module and type-checks them all in one program. Only
 * the blocks' own diagnostics count: the packages' sources are checked by their own typecheck.
 */
export function checkExamples(readmes: readonly string[], options: CheckOptions = {}): ExampleCheckResult {
  const workRoot = options.workRoot ?? resolve(import.meta.dirname, '..');
  const relativeTo = options.relativeTo ?? repoRoot;
  const checked: ReadmeExample[] = [];
  const optedOut: ReadmeExample[] = [];
  const failures: ExampleFailure[] = [];

  for (const readme of readmes) {
    let markdown: string;
    try {
      markdown = readFileSync(readme, 'utf8');
    } catch (error) {
      failures.push({ readme: relative(relativeTo, readme), line: 1, blockLine: 1, message: `cannot be read: ${(error as Error).message}` });
      continue;
    }
    for (const example of extractExamples(markdown, relative(relativeTo, readme))) {
      (example.optedOut ? optedOut : checked).push(example);
    }
  }
  if (checked.length === 0) return { checked, optedOut, failures };

  const folder = mkdtempSync(join(workRoot, '.readme-examples-'));
  try {
    const files = new Map<string, ReadmeExample>();
    checked.forEach((example, index) => {
      const name = `${String(index).padStart(3, '0')}-${example.readme.replace(/[^A-Za-z0-9]+/g, '-')}-${example.line}.${example.language}`;
      const file = join(folder, name);
      mkdirSync(folder, { recursive: true });
      writeFileSync(file, `${example.code}\n`);
      files.set(resolve(file), example);
    });

    const program = ts.createProgram({ rootNames: [...files.keys()], options: EXAMPLE_COMPILER_OPTIONS });
    const diagnostics = [...program.getOptionsDiagnostics(), ...program.getGlobalDiagnostics()];
    for (const diagnostic of diagnostics) {
      failures.push({ readme: '(compiler settings)', line: 0, blockLine: 0, message: flatten(diagnostic) });
    }
    for (const [file, example] of files) {
      const source = program.getSourceFile(file);
      if (!source) {
        failures.push({ readme: example.readme, line: example.line, blockLine: example.line, message: 'the block could not be read by the compiler' });
        continue;
      }
      for (const diagnostic of [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)]) {
        const inBlock = diagnostic.start === undefined ? 0 : source.getLineAndCharacterOfPosition(diagnostic.start).line;
        failures.push({
          readme: example.readme,
          // The block's first line sits one below its opening fence.
          line: example.line + 1 + inBlock,
          blockLine: example.line,
          message: flatten(diagnostic),
        });
      }
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  return { checked, optedOut, failures };
}

function flatten(diagnostic: ts.Diagnostic): string {
  return `TS${diagnostic.code}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`;
}

/** The README of every package a release publishes. */
export function publishedReadmes(root: string = repoRoot): string[] {
  return publishedPackages(root).map((pkg) => join(pkg.dir, 'README.md'));
}

/** One line per failure: where in which README, and what the compiler said. */
export function formatFailures(failures: readonly ExampleFailure[]): string {
  return failures.map((failure) => `${failure.readme}:${failure.line} (block at line ${failure.blockLine}): ${failure.message}`).join('\n');
}
