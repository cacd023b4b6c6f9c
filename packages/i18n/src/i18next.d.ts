// Types every `t()` call against the English resources, in this package and in every consumer of
// `@grandstand/i18n` (the entry references this file), so `t('errors:whoopsTitle')` is checked.
import type { EnglishResources } from './resources.ts';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: EnglishResources;
  }
}
