#!/usr/bin/env node
// The packages' type check (`pnpm typecheck`) runs on TypeScript 7, the native compiler: the same
// checks as TypeScript 6 at a third of its time and a quarter of its CPU here (apps/web: 7 s against
// 20 s), which is most of what `npm test` spent type-checking. The packages' builds (JavaScript and
// declarations) run on it too: 4.7 s against 18 for the events package. Its declarations describe
// the same types as TypeScript 6's, printed its own way (a union's members in a fixed order where
// TypeScript 6 kept the order it met them in), so the API reports read from them were rewritten
// once. TypeScript 7 has no classic JS API, so what calls TypeScript as a library (typescript-eslint,
// API Extractor reading the declarations, Storybook) keeps TypeScript 6, the workspace catalog's
// `typescript`.
//
// One checker thread: turbo already runs a task per core, and more threads only contend for them.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

const manifest = createRequire(import.meta.url).resolve('typescript/package.json');
process.argv.splice(2, 0, '--singleThreaded');
await import(pathToFileURL(join(dirname(manifest), 'lib', 'tsc.js')).href);
