import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** Component tests in jsdom with jest-dom matchers and `toHaveNoViolations` (axe) registered. */
export function domProject(overrides: { setupFiles?: string[] } = {}) {
  return defineConfig({
    test: {
      environment: 'jsdom',
      // One jsdom per worker, each file still run in a context of its own: building jsdom for every
      // file was half of these suites' time (ui: 51 s of 54 before, 11 s with this), and CI runs
      // them all on two cores. `isolate: false` would also share modules between files, and leaked
      // state from one file into another.
      pool: 'vmThreads',
      include: ['src/**/*.test.{ts,tsx}'],
      setupFiles: [fileURLToPath(new URL('./dom-setup.ts', import.meta.url)), ...(overrides.setupFiles ?? [])],
      testTimeout: 15_000,
    },
  });
}
