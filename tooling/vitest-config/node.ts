import { defineConfig } from 'vitest/config';

/** Tests that run in Node as they are: contract, api-client, server. */
export function nodeProject(overrides: { setupFiles?: string[]; testTimeout?: number; isolate?: boolean } = {}) {
  return defineConfig({
    test: {
      environment: 'node',
      // A package's files share their worker's modules rather than each starting a process and
      // importing anew (about a second a file here): they restore what they stub, and none mocks a
      // module. A package whose files switch environment by docblock keeps them apart (`isolate`).
      isolate: overrides.isolate ?? false,
      include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
      setupFiles: overrides.setupFiles ?? [],
      testTimeout: overrides.testTimeout ?? 10_000,
    },
  });
}
