import type { StorybookConfig } from '@storybook/react-vite';
import { stripDynamicJsonImportAttributes } from '@grandstand/vitest-config/vite-plugins';
import { channelsModule } from './channelsModule.ts';

const config: StorybookConfig = {
  stories: ['../../../packages/ui/src/**/*.stories.tsx', '../../../packages/features/*/src/**/*.stories.tsx', '../../../packages/player/src/**/*.stories.tsx'],
  addons: ['@storybook/addon-a11y', '@storybook/addon-vitest'],
  framework: { name: '@storybook/react-vite', options: {} },
  core: { disableTelemetry: true },
  viteFinal: (viteConfig) => ({
    ...viteConfig,
    // French (and lazily loaded English) feature texts, which Vite's dev server would break in Chromium;
    // the channel folders, for the channel toolbar.
    plugins: [...(viteConfig.plugins ?? []), stripDynamicJsonImportAttributes(), channelsModule()],
    optimizeDeps: {
      ...viteConfig.optimizeDeps,
      // Found only when a feature story first renders, these made Vite re-optimise mid-run on a fresh
      // cache (as CI always has), loading React twice and failing the first run's stories.
      include: [
        ...(viteConfig.optimizeDeps?.include ?? []),
        'react-redux',
        'react-router',
        '@reduxjs/toolkit',
        '@reduxjs/toolkit/query/react',
        'dompurify',
        // The control room's TOTP set-up draws its QR code with it.
        'qrcode.react',
      ],
    },
  }),
};

export default config;
