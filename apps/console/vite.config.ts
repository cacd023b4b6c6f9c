import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { stripDynamicJsonImportAttributes } from '@grandstand/vitest-config/vite-plugins';

const apiTarget = `http://localhost:${process.env.API_PORT ?? 8080}`;

/**
 * The control room is built once for every channel (architecture: channels are data, at run time):
 * no channel is fixed here. The server writes the host channel's name, language and fallback
 * colours into index.html (apps/server/src/modules/sites/console.ts); the app reads the channel's
 * colour settings and language from the API at start.
 */
export default defineConfig({
  base: '/console/',
  plugins: [react(), stripDynamicJsonImportAttributes()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: 'hidden',
  },
  server: {
    // The dev console talks to a running reference server, as the built one does on one origin.
    proxy: {
      '/api': apiTarget,
      '/channel-key.json': apiTarget,
      '/channel-logo.svg': apiTarget,
    },
  },
});
