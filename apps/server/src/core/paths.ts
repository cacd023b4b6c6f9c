import { resolve } from 'node:path';

/** The repository root, found from this file (apps/server/src/core/paths.ts): the base of the default paths (`src/config.ts`). */
export const repoRoot = resolve(import.meta.dirname, '..', '..', '..', '..');
