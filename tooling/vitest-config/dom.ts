import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** Component tests in jsdom with jest-dom matchers and `toHaveNoViolations` (axe) registered. */
export function domProject(overrides: { setupFiles?: string[] } = {}) {
  return defineConfig({
    test: {
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}'],
      setupFiles: [fileURLToPath(new URL('./dom-setup.ts', import.meta.url)), ...(overrides.setupFiles ?? [])],
      testTimeout: 15_000,
    },
  });
}
