import { defineConfig } from 'vitest/config';
import { domProject } from '@grandstand/vitest-config/dom';
import { nodeProject } from '@grandstand/vitest-config/node';

// Two runs: the data layer in plain Node (no window, as in a server render) and the script in jsdom.
const node = nodeProject();
const dom = domProject();

export default defineConfig({
  test: {
    projects: [
      { test: { ...node.test, name: 'node', include: ['src/**/*.test.ts'], exclude: ['src/**/*.dom.test.ts'] } },
      // In a process of its own rather than the shared preset's VM context: the test opens pages of
      // its own with jsdom, whose fetch (undici) needs Node's web streams, which a VM context lacks.
      { test: { ...dom.test, name: 'dom', include: ['src/**/*.dom.test.ts'], pool: 'forks' } },
    ],
  },
});
