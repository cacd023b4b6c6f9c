import { nodeProject } from '@grandstand/vitest-config/node';

export default nodeProject();
