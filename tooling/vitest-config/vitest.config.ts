import { defineConfig } from 'vitest/config';

// The presets' own tests (the dev-server plugins), in Node.
export default defineConfig({ test: { environment: 'node', include: ['*.test.ts'] } });
