import { defineFeatureNamespace } from '@grandstand/i18n';
import en from './locales/en.json' with { type: 'json' };

type VodTexts = typeof en;

/**
 * The `vod` texts: the header's search box and its suggestions. English is bundled with the entry
 * (a few lines), because every page, the home page included, shows the box; French is a lazy chunk
 * like every other language. apps/web registers it preloaded, as `favourites`.
 */
export const vodNamespace = defineFeatureNamespace<VodTexts>({
  namespace: 'vod',
  en,
  loaders: { fr: () => import('./locales/fr.json', { with: { type: 'json' } }) },
});

declare module '@grandstand/i18n' {
  interface FeatureResources {
    vod: VodTexts;
  }
}
