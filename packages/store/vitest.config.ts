import { nodeProject } from '@grandstand/vitest-config/node';

// The hook tests switch to jsdom by docblock: files keep their own workers.
export default nodeProject({ isolate: true });
