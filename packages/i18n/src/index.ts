export {
  defaultLanguage,
  supportedLanguages,
  namespaces,
  isSupportedLanguage,
  resolveLanguage,
  htmlLang,
} from './config.ts';
export type { SupportedLanguage, Namespace } from './config.ts';
export { createI18n, changeLanguage } from './createI18n.ts';
export { defineFeatureNamespace, registerFeatureResources } from './features.ts';
export type { FeatureNamespace, FeatureResources, FeatureTextsLoader } from './features.ts';
export type { CreateI18nOptions } from './createI18n.ts';
export { formatEventDateTime, formatDate, formatTime, formatPrice, formatPriceTitle } from './format.ts';
export { formatLocale, pickFormatLocale, setFormatLocale } from './formatLocale.ts';
export type { EventDateTime, PriceTitleInput } from './format.ts';
export { recordRenderedFormats, seedRenderedFormats } from './renderedFormats.ts';
export type { RenderedFormat } from './renderedFormats.ts';
export { serverMessageKey, recognisedServerMessages } from './serverMessages.ts';
export { useErrorText } from './errorText.ts';
export { useRefusalText } from './refusalText.ts';
export { useFollowLanguage } from './followLanguage.ts';
export type { RefusalTextOptions, WordedCode } from './refusalText.ts';
export type { ServerMessageKey } from './serverMessages.ts';
export { I18nextProvider as I18nProvider, useTranslation, Trans } from 'react-i18next';
export type { i18n } from 'i18next';
// Also brings the i18next type augmentation to every consumer.
export type { Resources } from './i18next.ts';
