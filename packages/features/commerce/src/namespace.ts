import { defineFeatureNamespace } from '@grandstand/i18n';

const loadEnglish = () => import('./locales/en.json', { with: { type: 'json' } });
type CommerceTexts = Awaited<ReturnType<typeof loadEnglish>>['default'];

/**
 * The `commerce` texts, English and French each a lazy chunk: no first page needs the checkout, so
 * the home route does not carry them. apps/web registers it with `preload: false`. The spec §5
 * payment and promo messages live in `validation`, "id not selected" and the team-pass message in `errors`.
 */
export const commerceNamespace = defineFeatureNamespace<CommerceTexts>({
  namespace: 'commerce',
  en: loadEnglish,
  loaders: { fr: () => import('./locales/fr.json', { with: { type: 'json' } }) },
});

declare module '@grandstand/i18n' {
  interface FeatureResources {
    commerce: CommerceTexts;
  }
}
