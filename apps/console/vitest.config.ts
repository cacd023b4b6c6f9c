import react from '@vitejs/plugin-react';
import { mergeConfig } from 'vitest/config';
import { domProject } from '@grandstand/vitest-config/dom';

export default mergeConfig(domProject(), { plugins: [react()] });
