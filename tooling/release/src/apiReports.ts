import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, relative, resolve } from 'node:path';
import { CompilerState, Extractor, ExtractorConfig, ExtractorLogLevel } from '@microsoft/api-extractor';
import type { ExtractorMessage, IConfigFile } from '@microsoft/api-extractor';
import { publishedPackages, repoRoot } from './workspace.ts';
import type { PublishedPackage } from './workspace.ts';

/**
 * Each published package's public API, recorded per entry point in `<package>/etc/` as an API
 * Extractor report read from the built declarations. A change to what a package exports shows as a
 * change to a checked-in file, which review sees and the semver check (semverCheck.ts) weighs.
 */

/** The folder, inside each package, that holds its reports. */
export const REPORT_FOLDER = 'etc';

export interface EntryPoint {
  pkg: PublishedPackage;
  /** The export's subpath as consumers import it: `.`, `./node`, `./testing`. */
  subpath: string;
  /** Absolute path of the built declaration file the entry's `types` condition names. */
  typesPath: string;
  /** File name of its report: `contract.api.md`, `contract-node.api.md`. */
  reportName: string;
  /** Absolute path of the checked-in report. */
  reportPath: string;
}

/** `@grandstand/contract` + `./node` → `contract-node.api.md`; the main entry has no suffix. */
export function reportFileName(packageName: string, subpath: string): string {
  const unscoped = packageName.replace(/^@[^/]+\//, '');
  const suffix = subpath === '.' ? '' : '-' + subpath.replace(/^\.\//, '').replace(/[^A-Za-z0-9._-]+/g, '-');
  return `${unscoped}${suffix}.api.md`;
}

function typesOf(target: unknown): string | undefined {
  if (typeof target !== 'object' || target === null) return undefined;
  const types = (target as Record<string, unknown>).types;
  return typeof types === 'string' ? types : undefined;
}

/** The entry points a package publishes: its `publishConfig.exports` entries that carry types. */
export function entryPoints(pkg: PublishedPackage): EntryPoint[] {
  const exportsMap = pkg.manifest.publishConfig?.exports ?? {};
  const entries: EntryPoint[] = [];
  for (const [subpath, target] of Object.entries(exportsMap)) {
    const types = typesOf(target);
    // package.json and other plain files are exports without types: they have no API to report.
    if (!types) continue;
    const reportName = reportFileName(pkg.name, subpath);
    entries.push({
      pkg,
      subpath,
      typesPath: resolve(pkg.dir, types),
      reportName,
      reportPath: join(pkg.dir, REPORT_FOLDER, reportName),
    });
  }
  return entries;
}

export interface GeneratedReport {
  entry: EntryPoint;
  /** The report's text, or undefined when API Extractor could not produce one. */
  report: string | undefined;
  /** Errors and warnings worth a reader's attention; an error means the report is not to be trusted. */
  errors: string[];
  warnings: string[];
}

// The declarations were type-checked when they were built: the extractor only has to read them.
// Its own compiler copy gets the settings the packages build with, so `./x.ts` specifiers in the
// declarations resolve and JSX types read as they were written.
const baseCompilerOptions = {
  target: 'ES2023',
  lib: ['ES2023', 'DOM', 'DOM.Iterable'],
  module: 'NodeNext',
  moduleResolution: 'NodeNext',
  jsx: 'react-jsx',
  strict: true,
  allowImportingTsExtensions: true,
  resolveJsonModule: true,
  skipLibCheck: true,
  noEmit: true,
  types: [],
};

/**
 * In the workspace a package's `exports` name its sources; a consumer of the published packages
 * meets their built declarations. Mapping every published entry point to its declarations lets the
 * reports read one package's types from another as a consumer would.
 */
function publishedTypePaths(root: string): Record<string, string[]> {
  const paths: Record<string, string[]> = {};
  for (const pkg of publishedPackages(root)) {
    for (const entry of entryPoints(pkg)) {
      paths[entry.subpath === '.' ? pkg.name : `${pkg.name}/${entry.subpath.replace(/^\.\//, '')}`] = [entry.typesPath];
    }
  }
  return paths;
}

function extractorConfig(entry: EntryPoint, tempFolder: string, compilerOptions: object, files: string[]): IConfigFile {
  return {
    projectFolder: entry.pkg.dir,
    mainEntryPointFilePath: entry.typesPath,
    compiler: { overrideTsconfig: { compilerOptions, files } },
    newlineKind: 'lf',
    apiReport: {
      enabled: true,
      reportFileName: entry.reportName,
      // Written to a scratch folder: comparing with and updating the checked-in file is done here,
      // so that check and update read the same text and the check can say what differs.
      reportFolder: tempFolder,
      reportTempFolder: tempFolder,
    },
    docModel: { enabled: false },
    dtsRollup: { enabled: false },
    tsdocMetadata: { enabled: false },
    messages: {
      // The build already reported the compiler's complaints.
      compilerMessageReporting: { default: { logLevel: ExtractorLogLevel.None } },
      extractorMessageReporting: {
        default: { logLevel: ExtractorLogLevel.Warning },
        // A type consumers meet but cannot import by name is worth seeing in the report itself.
        'ae-forgotten-export': { logLevel: ExtractorLogLevel.None, addToApiReportFile: true },
        // The packages do not grade their API into alpha/beta/public: everything exported is public.
        'ae-missing-release-tag': { logLevel: ExtractorLogLevel.None },
        'ae-internal-missing-underscore': { logLevel: ExtractorLogLevel.None },
        'ae-undocumented': { logLevel: ExtractorLogLevel.None },
        'ae-unresolved-link': { logLevel: ExtractorLogLevel.None },
      },
      // Doc comments are written for readers, not for a TSDoc parser.
      tsdocMessageReporting: { default: { logLevel: ExtractorLogLevel.None } },
    },
  };
}

/**
 * API Extractor marks every declaration without a doc comment `(undocumented)`, and no setting
 * turns that off. Documentation is not API: writing a comment must not read as a changed API.
 */
export function withoutDocumentationNotes(report: string): string {
  return report
    .split('\n')
    .filter((line) => line.trim() !== '// (undocumented)')
    .map((line) => line.replace(/^(\s*\/\/ @\w+(?: @\w+)*) \(undocumented\)$/, '$1'))
    .join('\n');
}

/** Whether a message is about someone else's files: a library shipping .ts, a JSON module. */
function isForeignFileType(message: ExtractorMessage): boolean {
  if (message.messageId !== 'ae-wrong-input-file-type') return false;
  const file = message.sourceFilePath ?? '';
  return file.includes('/node_modules/') || file.endsWith('.json');
}

/** Runs API Extractor over one entry point's built declarations and answers the report's text. */
function generateReport(
  entry: EntryPoint,
  prepared: { config: ExtractorConfig; compilerState: CompilerState } | Error,
): GeneratedReport {
  const errors: string[] = [];
  const warnings: string[] = [];
  const where = `${entry.pkg.name} (${entry.subpath})`;
  if (prepared instanceof Error) {
    errors.push(`${where}: ${prepared.message}`);
    return { entry, report: undefined, errors, warnings };
  }
  const tempFolder = prepared.config.reportFolder;
  try {
    const result = Extractor.invoke(prepared.config, {
      localBuild: true,
      showVerboseMessages: false,
      compilerState: prepared.compilerState,
      messageCallback: (message: ExtractorMessage) => {
        message.handled = true;
        if (isForeignFileType(message)) return;
        const text = `${where}: ${message.formatMessageWithLocation(entry.pkg.dir + '/')}`;
        if (message.logLevel === ExtractorLogLevel.Error) errors.push(text);
        else if (message.logLevel === ExtractorLogLevel.Warning) warnings.push(text);
      },
    });
    const written = join(tempFolder, entry.reportName);
    const report = existsSync(written) ? withoutDocumentationNotes(readFileSync(written, 'utf8')) : undefined;
    if (report === undefined && errors.length === 0) {
      errors.push(`${where}: API Extractor did not produce a report (${result.errorCount} errors)`);
    }
    return { entry, report, errors, warnings };
  } catch (error) {
    errors.push(`${where}: ${error instanceof Error ? error.message : String(error)}`);
    return { entry, report: undefined, errors, warnings };
  }
}

/**
 * Reports for every entry point of the given packages. One compiler program holds every entry
 * point's declarations, so the libraries they share (React, Redux Toolkit) are read once, not once
 * per entry point.
 */
export function generateReports(packages: PublishedPackage[], root: string = repoRoot): GeneratedReport[] {
  const entries = packages.flatMap((pkg) => entryPoints(pkg));
  const missing = new Map<EntryPoint, Error>();
  for (const entry of entries) {
    if (!existsSync(entry.typesPath)) {
      missing.set(entry, new Error(`${relative(root, entry.typesPath)} is missing; build the package first`));
    }
  }
  const present = entries.filter((entry) => !missing.has(entry));
  const scratch = mkdtempSync(join(tmpdir(), 'grandstand-api-'));
  try {
    const compilerOptions = { ...baseCompilerOptions, paths: publishedTypePaths(root) };
    const files = present.map((entry) => entry.typesPath);
    const configs = new Map<EntryPoint, ExtractorConfig | Error>();
    for (const entry of present) {
      const tempFolder = mkdtempSync(join(scratch, `${basename(entry.reportName, '.api.md')}-`));
      try {
        configs.set(
          entry,
          ExtractorConfig.prepare({
            configObject: extractorConfig(entry, tempFolder, compilerOptions, files),
            configObjectFullPath: undefined,
            packageJsonFullPath: join(entry.pkg.dir, 'package.json'),
          }),
        );
      } catch (error) {
        configs.set(entry, error instanceof Error ? error : new Error(String(error)));
      }
    }
    const first = [...configs.values()].find((config) => config instanceof ExtractorConfig);
    const compilerState = first ? CompilerState.create(first, { additionalEntryPoints: files }) : undefined;
    return entries.map((entry) => {
      const config = missing.get(entry) ?? configs.get(entry)!;
      return generateReport(
        entry,
        config instanceof Error || !compilerState ? (config as Error) : { config, compilerState },
      );
    });
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/**
 * Report files in a package's etc/ that no entry point produces any more: an entry point was
 * removed (or renamed), and its old report would otherwise stand for an API that is gone.
 */
export function staleReports(pkg: PublishedPackage): string[] {
  const folder = join(pkg.dir, REPORT_FOLDER);
  if (!existsSync(folder)) return [];
  const expected = new Set(entryPoints(pkg).map((entry) => entry.reportName));
  return readdirSync(folder)
    .filter((name) => name.endsWith('.api.md') && !expected.has(name))
    .sort()
    .map((name) => join(folder, name));
}

/** Reports are compared as text with one kind of line ending, whatever a checkout did to them. */
export function normalizeNewlines(text: string): string {
  return text.replace(/\r\n?/g, '\n');
}

export type DiffLine = { kind: 'same' | 'added' | 'removed'; text: string };

/**
 * A line diff by longest common subsequence. Reports are at most a few thousand lines and differ
 * in few, so the common head and tail are cut before the quadratic part.
 */
export function diffLines(before: string[], after: string[]): DiffLine[] {
  let head = 0;
  while (head < before.length && head < after.length && before[head] === after[head]) head++;
  let tail = 0;
  while (
    tail < before.length - head &&
    tail < after.length - head &&
    before[before.length - 1 - tail] === after[after.length - 1 - tail]
  ) {
    tail++;
  }
  const a = before.slice(head, before.length - tail);
  const b = after.slice(head, after.length - tail);
  const width = b.length + 1;
  const lcs = new Uint32Array((a.length + 1) * width);
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lcs[i * width + j] =
        a[i] === b[j] ? lcs[(i + 1) * width + j + 1]! + 1 : Math.max(lcs[(i + 1) * width + j]!, lcs[i * width + j + 1]!);
    }
  }
  const middle: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      middle.push({ kind: 'same', text: a[i]! });
      i++;
      j++;
    } else if (i < a.length && (j === b.length || lcs[(i + 1) * width + j]! >= lcs[i * width + j + 1]!)) {
      // Removals before additions, as `diff -u` shows a replaced line.
      middle.push({ kind: 'removed', text: a[i]! });
      i++;
    } else {
      middle.push({ kind: 'added', text: b[j]! });
      j++;
    }
  }
  return [
    ...before.slice(0, head).map((text): DiffLine => ({ kind: 'same', text })),
    ...middle,
    ...before.slice(before.length - tail).map((text): DiffLine => ({ kind: 'same', text })),
  ];
}

/** The changed lines with a line of context either side, at most `limit` lines, in `diff -u` marks. */
export function formatDiff(diff: DiffLine[], limit = 40): string {
  const keep = new Set<number>();
  diff.forEach((line, index) => {
    if (line.kind === 'same') return;
    for (let k = index - 1; k <= index + 1; k++) if (k >= 0 && k < diff.length) keep.add(k);
  });
  const out: string[] = [];
  let previous = -2;
  for (const index of [...keep].sort((x, y) => x - y)) {
    if (index !== previous + 1 && out.length > 0) out.push('  ...');
    const line = diff[index]!;
    out.push(`${line.kind === 'added' ? '+' : line.kind === 'removed' ? '-' : ' '} ${line.text}`);
    previous = index;
  }
  if (out.length > limit) return [...out.slice(0, limit), `  ... (${out.length - limit} more lines)`].join('\n');
  return out.join('\n');
}

export interface ReportDifference {
  packageName: string;
  subpath: string;
  reportPath: string;
  /** Why it differs: a short diff, or that the checked-in report is missing or was not produced. */
  detail: string;
}

export interface CheckResult {
  ok: boolean;
  differences: ReportDifference[];
  errors: string[];
  warnings: string[];
}

/** Compares freshly generated reports with the checked-in ones. */
export function checkReports(packages: PublishedPackage[] = publishedPackages(), root: string = repoRoot): CheckResult {
  const differences: ReportDifference[] = [];
  const errors: string[] = [];
  const warnings: string[] = [];
  for (const generated of generateReports(packages, root)) {
    const { entry } = generated;
    errors.push(...generated.errors);
    warnings.push(...generated.warnings);
    const base = { packageName: entry.pkg.name, subpath: entry.subpath, reportPath: entry.reportPath };
    if (generated.report === undefined) {
      differences.push({ ...base, detail: 'no report could be produced (see the errors above)' });
      continue;
    }
    if (!existsSync(entry.reportPath)) {
      differences.push({ ...base, detail: `${REPORT_FOLDER}/${entry.reportName} is not checked in` });
      continue;
    }
    const current = normalizeNewlines(readFileSync(entry.reportPath, 'utf8'));
    const fresh = normalizeNewlines(generated.report);
    if (current !== fresh) {
      differences.push({ ...base, detail: formatDiff(diffLines(current.split('\n'), fresh.split('\n'))) });
    }
  }
  for (const pkg of packages) {
    for (const stale of staleReports(pkg)) {
      differences.push({
        packageName: pkg.name,
        subpath: `(no entry point writes ${basename(stale)})`,
        reportPath: stale,
        detail: 'a report of an entry point the package no longer exports',
      });
    }
  }
  return { ok: differences.length === 0 && errors.length === 0, differences, errors, warnings };
}

/**
 * Writes every entry point's report into its package's etc/ folder and removes the reports of
 * entry points that are gone; answers the files it changed.
 */
export function updateReports(
  packages: PublishedPackage[] = publishedPackages(),
  root: string = repoRoot,
): {
  written: string[];
  errors: string[];
  warnings: string[];
} {
  const written: string[] = [];
  const errors: string[] = [];
  const warnings: string[] = [];
  for (const generated of generateReports(packages, root)) {
    errors.push(...generated.errors);
    warnings.push(...generated.warnings);
    if (generated.report === undefined) continue;
    const { reportPath } = generated.entry;
    const fresh = normalizeNewlines(generated.report);
    if (existsSync(reportPath) && normalizeNewlines(readFileSync(reportPath, 'utf8')) === fresh) continue;
    mkdirSync(join(reportPath, '..'), { recursive: true });
    writeFileSync(reportPath, fresh);
    written.push(reportPath);
  }
  for (const pkg of packages) {
    for (const stale of staleReports(pkg)) {
      rmSync(stale);
      written.push(stale);
    }
  }
  return { written, errors, warnings };
}

/** What a failed check tells the person who has to fix it. */
export function describeCheck(result: CheckResult, root: string = repoRoot): string {
  const lines: string[] = [];
  for (const error of result.errors) lines.push(`error: ${error}`);
  for (const difference of result.differences) {
    lines.push(
      `${difference.packageName} (${difference.subpath}): ${relative(root, difference.reportPath)} differs from the built API`,
    );
    lines.push(difference.detail.replace(/^/gm, '    '));
  }
  if (result.differences.length > 0) {
    lines.push('The public API changed: run `pnpm api:update`, then add a changeset (`pnpm changeset`).');
  }
  return lines.join('\n');
}

function main(mode: string | undefined): number {
  if (mode === 'update') {
    const { written, errors, warnings } = updateReports();
    for (const warning of warnings) console.warn(`warning: ${warning}`);
    for (const error of errors) console.error(`error: ${error}`);
    for (const file of written) {
      console.log(`${existsSync(file) ? 'wrote' : 'removed'} ${relative(repoRoot, file)}`);
    }
    if (written.length === 0 && errors.length === 0) console.log('API reports already current');
    return errors.length === 0 ? 0 : 1;
  }
  if (mode === 'check') {
    const result = checkReports();
    for (const warning of result.warnings) console.warn(`warning: ${warning}`);
    if (result.ok) {
      console.log('API reports are current');
      return 0;
    }
    console.error(describeCheck(result));
    return 1;
  }
  console.error('usage: node tooling/release/src/apiReports.ts update|check');
  return 2;
}

if (import.meta.main) process.exitCode = main(process.argv[2]);
