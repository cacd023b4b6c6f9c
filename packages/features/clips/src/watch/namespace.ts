import { defineFeatureNamespace } from '@grandstand/i18n';

const loadEnglish = () => import('./locales/en.json', { with: { type: 'json' } });
type ClipsWatchTexts = Awaited<ReturnType<typeof loadEnglish>>['default'];

/**
 * The `clipsWatch` texts (the Clip control, the clip editor, a clip's progress), English and French
 * each a lazy chunk: only a watch page with a stream shows them, so the home route does not carry
 * them. apps/web registers it with `preload: false`; the player's action slot waits for them.
 */
export const clipsWatchNamespace = defineFeatureNamespace<ClipsWatchTexts>({
  namespace: 'clipsWatch',
  en: loadEnglish,
  loaders: { fr: () => import('./locales/fr.json', { with: { type: 'json' } }) },
});

declare module '@grandstand/i18n' {
  interface FeatureResources {
    clipsWatch: ClipsWatchTexts;
  }
}
