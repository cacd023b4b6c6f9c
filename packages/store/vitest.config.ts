import { nodeProject } from '@grandstand/vitest-config/node';

// Node by default; the hook tests opt into jsdom with a `@vitest-environment jsdom` docblock.
export default nodeProject();
