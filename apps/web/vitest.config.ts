import react from '@vitejs/plugin-react';
import { mergeConfig } from 'vitest/config';
import { domProject } from '@grandstand/vitest-config/dom';

export default mergeConfig(domProject(), {
  plugins: [react()],
  resolve: {
    alias: {
      // Tests run as the default channel's build would.
      'virtual:grandstand-channel': new URL('./src/test/channel.ts', import.meta.url).pathname,
    },
  },
});
