// Types every `t()` call against the English resources, in this package and in every consumer of
// `@grandstand/i18n`: the entry re-exports a type from this module, so importing the package
// brings the augmentation along (checked by typecheck/consumer.ts).
import type { FeatureResources } from './features.ts';
import type { EnglishResources } from './resources.ts';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: EnglishResources & FeatureResources;
  }
}

/** The resources of one language; English is the reference every other language matches. */
export type Resources = EnglishResources;
