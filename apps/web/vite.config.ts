import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import type { Plugin } from 'vite';
import type { ChannelConfig } from '@grandstand/contract';
import { stripDynamicJsonImportAttributes } from '@grandstand/vitest-config/vite-plugins';
import { defaultChannel, readChannel } from '@grandstand/contract/node';
import { channelsDir } from './scripts/channels.ts';

const VIRTUAL_ID = 'virtual:grandstand-channel';

/**
 * The channel is fixed at build time: its public config becomes a virtual module, and the first
 * paint uses its fallback colours inlined into index.html, never another channel's.
 */
function channelPlugin(channel: ChannelConfig): Plugin {
  const publicConfig = {
    slug: channel.slug,
    name: channel.name,
    language: channel.language,
    currency: channel.currency,
    fallbackColors: channel.fallbackColors,
    description: channel.description ?? '',
  };
  const colors = channel.fallbackColors;
  return {
    name: 'grandstand-channel',
    resolveId: (id) => (id === VIRTUAL_ID ? `\0${VIRTUAL_ID}` : undefined),
    load: (id) => (id === `\0${VIRTUAL_ID}` ? `export default ${JSON.stringify(publicConfig)};` : undefined),
    transformIndexHtml: (html) =>
      html
        .replaceAll('%CHANNEL_LANG%', channel.language)
        .replaceAll('%CHANNEL_NAME%', escapeHtml(channel.name))
        .replaceAll('%CHANNEL_DESCRIPTION%', escapeHtml(channel.description ?? channel.name))
        .replaceAll('%BODY_BACKGROUND%', colors['body-background'])
        .replaceAll('%BODY_TEXT%', colors['body-text-color'])
        .replaceAll('%HEADER_BACKGROUND%', colors['header-background']),
  };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export default defineConfig(() => {
  // GRANDSTAND_CHANNEL: the channel of this build (scripts/build.ts sets it); the default one otherwise.
  const requested = process.env.GRANDSTAND_CHANNEL;
  const channel = (requested ? readChannel(channelsDir, requested) : defaultChannel(channelsDir)).config;
  const slug = channel.slug;
  const apiTarget = `http://localhost:${process.env.API_PORT ?? 8080}`;
  return {
    plugins: [react(), channelPlugin(channel), stripDynamicJsonImportAttributes()],
    build: {
      outDir: `dist/${slug}`,
      emptyOutDir: true,
      target: 'es2022',
      sourcemap: true,
    },
    server: {
      // The dev site talks to a running reference server, as the built site does on one origin.
      proxy: {
        '/api': apiTarget,
        '/channel-key.json': apiTarget,
        '/channel-logo.svg': apiTarget,
        '/media': apiTarget,
        // The sandbox card processor's own pages (the security step, the card portal) and the mail outbox.
        '/sandbox': apiTarget,
        '/outbox': apiTarget,
      },
    },
  };
});
