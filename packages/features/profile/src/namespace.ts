import { defineFeatureNamespace } from '@grandstand/i18n';

const loadEnglish = () => import('./locales/en.json', { with: { type: 'json' } });
type ProfileTexts = Awaited<ReturnType<typeof loadEnglish>>['default'];

/**
 * The `profile` texts (orders, transactions, the billing portal), English and French each a lazy
 * chunk: only the profile shows them, so the home route does not carry them. apps/web registers it
 * with `preload: false`.
 */
export const profileNamespace = defineFeatureNamespace<ProfileTexts>({
  namespace: 'profile',
  en: loadEnglish,
  loaders: { fr: () => import('./locales/fr.json', { with: { type: 'json' } }) },
});

declare module '@grandstand/i18n' {
  interface FeatureResources {
    profile: ProfileTexts;
  }
}
