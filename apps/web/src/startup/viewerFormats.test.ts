import { formatPrice, setFormatLocale } from '@grandstand/i18n';
import type { i18n as I18n } from '@grandstand/i18n';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserLocales, followViewerLocale, viewerFormatLocale } from './viewerFormats.ts';

function texts() {
  return { language: 'en', emit: vi.fn() } as unknown as I18n & { emit: ReturnType<typeof vi.fn> };
}
const german = { languages: ['de-DE', 'en'], language: 'de-DE' };

afterEach(() => {
  setFormatLocale(null);
  document.documentElement.removeAttribute('data-ready');
});

describe('followViewerLocale (spec §9)', () => {
  it('takes the browser\'s first locale before the site renders, and re-renders the texts\' readers', () => {
    const i18n = texts();
    followViewerLocale(i18n, document, german, { afterTakeOver: false });
    expect(formatPrice(9.99, 'USD', 'en')).toBe('9,99\u00a0$');
    expect(i18n.emit).toHaveBeenCalledWith('languageChanged', 'en');
  });

  it('waits for the take-over of a server page, whose markup must stay as the server wrote it', async () => {
    const i18n = texts();
    followViewerLocale(i18n, document, german, { afterTakeOver: true });
    expect(formatPrice(9.99, 'USD', 'en')).toBe('$9.99');
    document.documentElement.dataset.ready = '';
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(formatPrice(9.99, 'USD', 'en')).toBe('9,99\u00a0$');
    expect(i18n.emit).toHaveBeenCalledOnce();
  });

  it('keeps the page\'s own formats for a browser in one of the interface\'s languages', () => {
    expect(viewerFormatLocale(['en-US', 'de'])).toBeNull();
    expect(viewerFormatLocale(['fr-CA'])).toBeNull();
    expect(viewerFormatLocale(['pt-BR', 'en'])).toBe('pt-BR');
    const i18n = texts();
    followViewerLocale(i18n, document, { languages: ['en-GB'], language: 'en-GB' }, { afterTakeOver: false });
    expect(formatPrice(9.99, 'USD', 'fr')).toBe('9,99\u00a0$US');
    expect(i18n.emit).not.toHaveBeenCalled();
  });

  it('answers a browser in one of the interface\'s languages without asking Intl for its locales', () => {
    const dates = vi.spyOn(Intl.DateTimeFormat, 'supportedLocalesOf');
    const numbers = vi.spyOn(Intl.NumberFormat, 'supportedLocalesOf');
    try {
      expect(viewerFormatLocale(['en-US', 'de'])).toBeNull();
      expect(viewerFormatLocale(['FR_ca'])).toBeNull();
      expect(viewerFormatLocale(['en'])).toBeNull();
      expect(dates).not.toHaveBeenCalled();
      expect(numbers).not.toHaveBeenCalled();
      // Another language, or a first tag that is not a plain language and region, asks Intl as before.
      expect(viewerFormatLocale(['de-DE', 'en'])).toBe('de-DE');
      expect(viewerFormatLocale(['en-a', 'pt-BR'])).toBe('pt-BR');
      expect(dates).toHaveBeenCalled();
    } finally {
      dates.mockRestore();
      numbers.mockRestore();
    }
  });

  it('reads navigator.language where the browser lists no languages', () => {
    expect(browserLocales({ languages: [], language: 'ja-JP' })).toEqual(['ja-JP']);
  });
});
