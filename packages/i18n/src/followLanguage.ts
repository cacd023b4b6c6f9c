import type { i18n } from 'i18next';
import { useEffect } from 'react';
import { htmlLang } from './config.ts';
import { changeLanguage } from './createI18n.ts';

/**
 * Shows an app in the language chosen on this device (`chosen`), else in the channel's once its
 * settings say it, and keeps the page's `<html lang>` on the language shown: screen readers and
 * the browser's translation offer go by it. The site and the control room follow it alike.
 */
export function useFollowLanguage(instance: i18n, chosen: string | null | undefined, channelLanguage: string | undefined): void {
  useEffect(() => {
    const target = chosen ?? channelLanguage;
    if (target && target !== instance.language) void changeLanguage(instance, target);
  }, [instance, chosen, channelLanguage]);

  useEffect(() => {
    const update = (language: string) => {
      document.documentElement.lang = htmlLang(language);
    };
    update(instance.language);
    instance.on('languageChanged', update);
    return () => instance.off('languageChanged', update);
  }, [instance]);
}
