import { defineFeatureNamespace } from '@grandstand/i18n';

const loadEnglish = () => import('./locales/en.json', { with: { type: 'json' } });
type ConsoleTexts = Awaited<ReturnType<typeof loadEnglish>>['default'];

/**
 * The `console` texts (the control room's shell, sign-in, second factor, operators, security,
 * tokens and audit log), English and French each a lazy chunk. apps/console registers it before
 * its first screen: every console page shows the shell's texts.
 */
export const consoleNamespace = defineFeatureNamespace<ConsoleTexts>({
  namespace: 'console',
  en: loadEnglish,
  loaders: { fr: () => import('./locales/fr.json', { with: { type: 'json' } }) },
});

declare module '@grandstand/i18n' {
  interface FeatureResources {
    console: ConsoleTexts;
  }
}
