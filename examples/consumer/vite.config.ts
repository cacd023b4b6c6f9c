import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API's origin (`http://localhost:8080`): media addresses the API hands out are paths on it
// (`/media/…`), which a CDN in front of this app routes there; the preview server does the same.
// The API itself is called across origins, straight from the browser (see src/config.ts).
const apiOrigin = process.env.GRANDSTAND_API_ORIGIN;

export default defineConfig({
  plugins: [react()],
  build: { target: 'es2023' },
  preview: apiOrigin ? { proxy: { '/media': { target: apiOrigin, changeOrigin: true } } } : {},
});
