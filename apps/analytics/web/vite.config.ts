import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/**
 * The reports page's one script and one stylesheet, served by the reports plugin from `web/dist`
 * under fixed names (the plugin answers them with `Cache-Control: no-cache`).
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  logLevel: 'warn',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    cssCodeSplit: false,
    modulePreload: false,
    rollupOptions: {
      input: fileURLToPath(new URL('src/main.ts', import.meta.url)),
      output: {
        entryFileNames: 'app.js',
        chunkFileNames: 'app-[name].js',
        assetFileNames: (asset) => (asset.names?.some((name) => name.endsWith('.css')) ? 'app.css' : '[name][extname]'),
      },
    },
  },
});
