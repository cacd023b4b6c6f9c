import { domProject } from '@grandstand/vitest-config/dom';

export default domProject();
