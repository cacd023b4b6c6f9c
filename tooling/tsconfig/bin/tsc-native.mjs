#!/usr/bin/env node
// The packages' type check (`pnpm typecheck`) runs on TypeScript 7, the native compiler: the same
// checks as TypeScript 6 at a third of its time and a quarter of its CPU here (apps/web: 7 s against
// 20 s), which is most of what `npm test` spent type-checking. TypeScript 7 has no classic JS API,
// so everything that calls TypeScript as a library (typescript-eslint, the declaration builds and
// their API reports, Storybook) keeps TypeScript 6, the workspace catalog's `typescript`.
//
// One checker thread: turbo already runs a task per core, and more threads only contend for them.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

const manifest = createRequire(import.meta.url).resolve('typescript/package.json');
process.argv.splice(2, 0, '--singleThreaded');
await import(pathToFileURL(join(dirname(manifest), 'lib', 'tsc.js')).href);
