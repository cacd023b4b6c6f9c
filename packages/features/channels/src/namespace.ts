import { defineFeatureNamespace } from '@grandstand/i18n';

const loadEnglish = () => import('./locales/en.json', { with: { type: 'json' } });
type ChannelsTexts = Awaited<ReturnType<typeof loadEnglish>>['default'];

declare module '@grandstand/i18n' {
  interface FeatureResources {
    channels: ChannelsTexts;
  }
}

/**
 * The `channels` texts, English and French each a lazy chunk: only the control room's channel
 * screens show them. Register it with `{ preload: false }`; the views ask for their texts when they render.
 */
export const channelsNamespace = defineFeatureNamespace<ChannelsTexts>({
  namespace: 'channels',
  en: loadEnglish,
  loaders: { fr: () => import('./locales/fr.json', { with: { type: 'json' } }) },
});
