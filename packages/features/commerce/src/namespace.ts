import { defineFeatureNamespace } from '@grandstand/i18n';
import en from './locales/en.json' with { type: 'json' };

/**
 * The `commerce` texts: English bundled, French a lazy chunk. apps/web registers it with
 * `registerFeatureResources(i18n, commerceNamespace)`. The spec §5 payment and promo messages live
 * in `validation`, "id not selected" and the team-pass message in `errors`.
 */
export const commerceNamespace = defineFeatureNamespace({
  namespace: 'commerce',
  en,
  loaders: { fr: () => import('./locales/fr.json', { with: { type: 'json' } }) },
});

declare module '@grandstand/i18n' {
  interface FeatureResources {
    commerce: typeof en;
  }
}
