import { defineConfig } from 'vitest/config';

/** Tests that run in Node as they are: contract, api-client, server. */
export function nodeProject(overrides: { setupFiles?: string[]; testTimeout?: number } = {}) {
  return defineConfig({
    test: {
      environment: 'node',
      include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
      setupFiles: overrides.setupFiles ?? [],
      testTimeout: overrides.testTimeout ?? 10_000,
    },
  });
}
