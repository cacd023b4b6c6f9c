// Builds tiny sites with Vite over the package it runs in and reports their chunks (min+gz), what
// loads with the page and the package's own modules in it; exits non-zero when a rule is broken.
// A package's `size` script names its fixtures, the texts that mark its code and the rules:
//
//   node ../../tooling/scripts/chunk-size.mjs \
//     --import home=HeaderSearch,vodRoutes     a fixture importing these exports (and using them)
//     --render watch=LazyClipAction            a fixture rendering this component with React
//     --baseline                               a fixture with React and one lazy import, what every
//                                              route table carries anyway: the others' page is read
//                                              against it
//     --mark 'vod calls=/vod-media'            text only the marked code has
//     --forbid 'home:page:vod calls'           fixture (or *) : where : mark, a place the mark must not be
//     --require 'home:lazy:vod calls'          ... and a place it must be
//     --apart 'Clip button,editor'             marks no one chunk may carry together
//
// Where: `entry` (the entry chunk), `page` (the entry and every chunk it imports statically, what
// loads with the page), `lazy` (the chunks that load on demand), `any` (every chunk).
// Options take a value as `--option value` or `--option=value`. Run from the package: pnpm size
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

const PLACES = ['entry', 'page', 'lazy', 'any'];
const BASELINE = 'baseline';

/** The options, in order: `--flag` alone or `--option value` / `--option=value`. */
function parseArguments(argv) {
  const options = { fixtures: [], marks: new Map(), forbid: [], require: [], apart: [] };
  const valued = new Set(['import', 'render', 'mark', 'forbid', 'require', 'apart', 'entry']);
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index];
    const match = /^--([a-z]+)(?:=(.*))?$/s.exec(arg);
    if (!match) throw new Error(`unexpected argument ${arg}`);
    const [, name, inline] = match;
    if (name === 'baseline') {
      options.fixtures.push({ name: BASELINE, kind: 'baseline' });
      continue;
    }
    if (!valued.has(name)) throw new Error(`unknown option --${name}`);
    const value = inline ?? argv[(index += 1)];
    if (value === undefined) throw new Error(`--${name} needs a value`);
    const pair = () => {
      const at = value.indexOf('=');
      if (at <= 0) throw new Error(`--${name} wants name=value, not ${value}`);
      return [value.slice(0, at).trim(), value.slice(at + 1)];
    };
    if (name === 'entry') options.entry = value;
    else if (name === 'import' || name === 'render') {
      const [fixture, list] = pair();
      const names = list.split(',').map((item) => item.trim()).filter(Boolean);
      if (names.length === 0 || (name === 'render' && names.length !== 1)) throw new Error(`--${name} ${value}: ${name === 'render' ? 'one component' : 'at least one export'}`);
      options.fixtures.push({ name: fixture, kind: name, names });
    } else if (name === 'mark') {
      const [label, text] = pair();
      if (!text) throw new Error(`--mark ${value}: the text is empty`);
      options.marks.set(label, text);
    } else if (name === 'apart') options.apart.push(value.split(',').map((label) => label.trim()));
    else {
      const [fixture, place, ...rest] = value.split(':');
      const mark = rest.join(':');
      if (!fixture || !PLACES.includes(place) || !mark) throw new Error(`--${name} wants fixture:${PLACES.join('|')}:mark, not ${value}`);
      options[name].push({ fixture, place, mark });
    }
  }
  if (options.fixtures.length === 0) throw new Error('no fixture: give --import, --render or --baseline');
  const fixtureNames = new Set(options.fixtures.map((fixture) => fixture.name));
  for (const rule of [...options.forbid, ...options.require]) {
    if (rule.fixture !== '*' && !fixtureNames.has(rule.fixture)) throw new Error(`no fixture ${rule.fixture}`);
    if (!options.marks.has(rule.mark)) throw new Error(`no mark ${rule.mark}`);
  }
  for (const labels of options.apart) for (const label of labels) if (!options.marks.has(label)) throw new Error(`no mark ${label}`);
  return options;
}

function fixtureSource(fixture, entryPath) {
  const from = JSON.stringify(entryPath);
  if (fixture.kind === 'baseline') return `import { lazy } from 'react';\nconsole.log(lazy(() => import('react-dom/client')));\n`;
  if (fixture.kind === 'render') {
    const [component] = fixture.names;
    return `import { createElement } from 'react';\nimport { createRoot } from 'react-dom/client';\nimport { ${component} } from ${from};\ncreateRoot(document.body).render(createElement(${component}, {}));\n`;
  }
  const names = fixture.names.join(', ');
  return `import { ${names} } from ${from};\nconsole.log(${names});\n`;
}

const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

let options;
try {
  options = parseArguments(process.argv.slice(2));
} catch (error) {
  console.error(`chunk-size: ${error.message}`);
  process.exit(2);
}

// The package the script runs in (pnpm runs a package's scripts in its folder): its Vite, its
// dependencies, its sources.
const root = process.cwd();
const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const { build } = await import(pathToFileURL(createRequire(path.join(root, 'package.json')).resolve('vite')).href);
const short = manifest.name.replace(/^@[^/]+\//, '');
// Inside the package, so the fixtures resolve its dependencies from its node_modules.
const dir = path.join(root, `node_modules/.cache/${short}-size`);
const entryPath = path.join(root, options.entry ?? 'src/index.ts');
const sources = path.join(root, 'src');
const broken = [];
const pageSizes = new Map();

mkdirSync(dir, { recursive: true });
try {
  for (const fixture of options.fixtures) {
    const entry = path.join(dir, `${fixture.name}.js`);
    writeFileSync(entry, fixtureSource(fixture, entryPath));
    const result = await build({ root, logLevel: 'silent', configFile: false, build: { write: false, minify: true, rollupOptions: { input: entry } } });
    const chunks = (Array.isArray(result) ? result : [result]).flatMap((r) => r.output).filter((o) => o.type === 'chunk');
    // What loads with the page: the entry and every chunk it imports statically; the rest loads on demand.
    const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
    const page = new Set();
    const visit = (chunk) => {
      if (!chunk || page.has(chunk)) return;
      page.add(chunk);
      for (const file of chunk.imports) visit(byName.get(file));
    };
    for (const chunk of chunks) if (chunk.isEntry) visit(chunk);
    const places = {
      entry: chunks.filter((chunk) => chunk.isEntry),
      page: [...page],
      lazy: chunks.filter((chunk) => !page.has(chunk)),
      any: chunks,
    };
    const carries = (chunk, label) => chunk.code.includes(options.marks.get(label));

    console.log(`\n${fixture.name}:`);
    let pageGz = 0;
    for (const chunk of chunks) {
      const gz = gzipSync(chunk.code, { level: 9 }).length;
      if (page.has(chunk)) pageGz += gz;
      const marks = [...options.marks.keys()].filter((label) => carries(chunk, label));
      console.log(`  ${chunk.isEntry ? 'entry' : page.has(chunk) ? 'page ' : 'lazy '} ${chunk.fileName.padEnd(44)} ${kib(gz).padStart(10)} gz${marks.length ? `  (${marks.join(', ')})` : ''}`);
    }
    pageSizes.set(fixture.name, pageGz);
    const own = [...page].flatMap((chunk) => Object.entries(chunk.modules)).filter(([id]) => id.startsWith(sources));
    console.log(`  with the page: ${kib(pageGz)} gz in all; own modules of ${short} ${own.reduce((sum, [, module]) => sum + module.renderedLength, 0)} B before minifying${own.length ? ':' : ''}`);
    for (const [id, module] of own) console.log(`    ${path.relative(root, id).padEnd(48)} ${String(module.renderedLength).padStart(6)} B`);

    const applies = (rule) => rule.fixture === '*' || rule.fixture === fixture.name;
    for (const rule of options.forbid.filter(applies)) {
      if (places[rule.place].some((chunk) => carries(chunk, rule.mark))) broken.push(`${fixture.name}: the ${rule.mark} in a chunk of the ${rule.place === 'any' ? 'build' : rule.place}`);
    }
    for (const rule of options.require.filter(applies)) {
      if (!places[rule.place].some((chunk) => carries(chunk, rule.mark))) broken.push(`${fixture.name}: no ${rule.place === 'any' ? '' : `${rule.place} `}chunk with the ${rule.mark}`);
    }
    for (const labels of options.apart) {
      if (chunks.some((chunk) => labels.every((label) => carries(chunk, label)))) broken.push(`${fixture.name}: ${labels.join(' and ')} in one chunk`);
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
if (pageSizes.has(BASELINE)) {
  console.log('');
  for (const [name, size] of pageSizes) if (name !== BASELINE) console.log(`${name} loads ${size - pageSizes.get(BASELINE)} B gz with the page over the baseline`);
}
if (broken.length > 0) {
  console.error(`\nbroken:\n${broken.map((line) => `  ${line}`).join('\n')}`);
  process.exit(1);
}
