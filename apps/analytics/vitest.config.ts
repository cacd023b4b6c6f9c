import { nodeProject } from '@grandstand/vitest-config/node';

// Its report page test switches to jsdom by docblock: files keep their own workers.
export default nodeProject({ testTimeout: 20_000, isolate: true });
