import { defineConfig, mergeConfig } from 'vitest/config';
import { nodeProject } from '@grandstand/vitest-config/node';

// The checks run over the built packages (see turbo.json): packing, reports and builds take time.
// The packages are packed once for the run (src/packOnce.ts).
export default mergeConfig(nodeProject({ testTimeout: 120_000 }), defineConfig({ test: { globalSetup: ['src/packOnce.ts'] } }));
