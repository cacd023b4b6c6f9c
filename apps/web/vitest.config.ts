import react from '@vitejs/plugin-react';
import { mergeConfig } from 'vitest/config';
import { domProject } from '@grandstand/vitest-config/dom';

export default mergeConfig(domProject(), {
  plugins: [react()],
  test: {
    // The build's own checks (scripts/), beside the site's tests.
    include: ['scripts/**/*.test.ts'],
  },
});
