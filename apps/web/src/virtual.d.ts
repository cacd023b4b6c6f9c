declare module 'virtual:grandstand-channel' {
  import type { ChannelConfig } from '@grandstand/contract';

  /** The public part of this build's channel config (apps/web/vite.config.ts). */
  const channel: Pick<ChannelConfig, 'slug' | 'name' | 'language' | 'currency' | 'fallbackColors'> & { description: string };
  export default channel;
}
