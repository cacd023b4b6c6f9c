import { nodeProject } from '@grandstand/vitest-config/node';

// The checks run over the built packages (see turbo.json): packing, reports and builds take time.
export default nodeProject({ testTimeout: 120_000 });
