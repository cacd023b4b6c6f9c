import { VOD_MESSAGES } from '@grandstand/contract';
import { createI18n, registerFeatureResources } from '@grandstand/i18n';
import { describe, expect, it } from 'vitest';
import libraryEn from './library/locales/en.json' with { type: 'json' };
import libraryFr from './library/locales/fr.json' with { type: 'json' };
import { vodLibraryNamespace } from './library/namespace.ts';
import en from './locales/en.json' with { type: 'json' };
import fr from './locales/fr.json' with { type: 'json' };
import { vodNamespace } from './namespace.ts';

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key));
}

describe('vodNamespace and vodLibraryNamespace', () => {
  it('have every English text in French too', () => {
    expect(keysOf(fr).sort()).toEqual(keysOf(en).sort());
    expect(keysOf(libraryFr).sort()).toEqual(keysOf(libraryEn).sort());
  });

  it('say the spec §6 words to a viewer whose on-demand access lapsed', () => {
    expect(libraryEn.item.expired.title).toBe(VOD_MESSAGES.expiredAccess);
  });

  it('load the French texts for a French site', async () => {
    const i18n = await createI18n({ language: 'fr' });
    await registerFeatureResources(i18n, vodNamespace);
    await registerFeatureResources(i18n, vodLibraryNamespace);
    expect(i18n.t('vod:search.label')).toBe('Rechercher');
    expect(i18n.t('vodLibrary:list.allCategories')).toBe('Toutes les catégories');
  });
});
