import { describe, expect, it } from 'vitest';
import { htmlLang, isSupportedLanguage, resolveLanguage } from './config.ts';

describe('resolveLanguage', () => {
  it('keeps the supported languages', () => {
    expect(resolveLanguage('en')).toBe('en');
    expect(resolveLanguage('fr')).toBe('fr');
  });

  it('reduces a regional or oddly written tag to its language', () => {
    expect(resolveLanguage('fr-CA')).toBe('fr');
    expect(resolveLanguage('FR')).toBe('fr');
    expect(resolveLanguage('fr_ca')).toBe('fr');
    expect(resolveLanguage('en-GB')).toBe('en');
  });

  it('falls back to English for a language the product does not speak or for garbage', () => {
    expect(resolveLanguage('de')).toBe('en');
    expect(resolveLanguage('')).toBe('en');
    expect(resolveLanguage('not a tag!')).toBe('en');
  });
});

describe('htmlLang', () => {
  it('gives a canonical BCP-47 tag and keeps the region of a supported language', () => {
    expect(htmlLang('fr')).toBe('fr');
    expect(htmlLang('fr_ca')).toBe('fr-CA');
    expect(htmlLang('EN-us')).toBe('en-US');
  });

  it('gives the default language for anything else, since the page is then in English', () => {
    expect(htmlLang('de-DE')).toBe('en');
    expect(htmlLang('???')).toBe('en');
  });
});

describe('isSupportedLanguage', () => {
  it('accepts exactly en and fr', () => {
    expect(isSupportedLanguage('en')).toBe(true);
    expect(isSupportedLanguage('fr')).toBe(true);
    expect(isSupportedLanguage('fr-CA')).toBe(false);
  });
});
