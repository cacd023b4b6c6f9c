import { defineFeatureNamespace } from '@grandstand/i18n';

const loadEnglish = () => import('./locales/en.json', { with: { type: 'json' } });
type AuthTexts = Awaited<ReturnType<typeof loadEnglish>>['default'];

/**
 * The `auth` texts, English and French each a lazy chunk: no first page needs the account pages,
 * so the home route does not carry them. apps/web registers it with `preload: false`. The spec §5
 * messages live in `validation`.
 */
export const authNamespace = defineFeatureNamespace<AuthTexts>({
  namespace: 'auth',
  en: loadEnglish,
  loaders: { fr: () => import('./locales/fr.json', { with: { type: 'json' } }) },
});

declare module '@grandstand/i18n' {
  interface FeatureResources {
    auth: AuthTexts;
  }
}
