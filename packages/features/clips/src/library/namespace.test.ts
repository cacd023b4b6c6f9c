import { createI18n, registerFeatureResources } from '@grandstand/i18n';
import { describe, expect, it } from 'vitest';
import en from './locales/en.json' with { type: 'json' };
import fr from './locales/fr.json' with { type: 'json' };
import { clipsLibraryNamespace } from './namespace.ts';

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key));
}

describe('clipsLibraryNamespace', () => {
  it('has every English text in French too', () => {
    expect(keysOf(fr).sort()).toEqual(keysOf(en).sort());
  });

  it('loads the French texts for a French site', async () => {
    const i18n = await createI18n({ language: 'fr' });
    await registerFeatureResources(i18n, clipsLibraryNamespace);
    expect(i18n.t('clipsLibrary:share.watchWhole')).toBe('Regarder tout le match');
  });

  it('names every status of the clip lifecycle (spec §4)', () => {
    expect(Object.keys(en.clip.status).sort()).toEqual(['failed', 'processing', 'queued', 'ready']);
  });
});
