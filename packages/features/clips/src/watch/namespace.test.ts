import { CLIP_MESSAGES } from '@grandstand/contract';
import { createI18n, registerFeatureResources } from '@grandstand/i18n';
import { describe, expect, it } from 'vitest';
import en from './locales/en.json' with { type: 'json' };
import fr from './locales/fr.json' with { type: 'json' };
import { clipsWatchNamespace } from './namespace.ts';

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key));
}

describe('clipsWatchNamespace', () => {
  it('has every English text in French too', () => {
    expect(keysOf(fr).sort()).toEqual(keysOf(en).sort());
  });

  it('keeps the spec §5 clip texts in English as the contract words them', () => {
    expect(en.errors.nameRequired).toBe(CLIP_MESSAGES.nameRequired);
    expect(en.errors.tagRequired).toBe(CLIP_MESSAGES.tagRequired);
    expect(en.errors.durationTooLong).toBe(CLIP_MESSAGES.durationTooLong);
  });

  it('loads the French texts for a French site, only when asked', async () => {
    const i18n = await createI18n({ language: 'fr' });
    await registerFeatureResources(i18n, clipsWatchNamespace, { preload: false });
    expect(i18n.hasResourceBundle('fr', 'clipsWatch')).toBe(false);
    await i18n.loadNamespaces('clipsWatch');
    expect(i18n.t('clipsWatch:live.lastSeconds', { seconds: 30 })).toBe('Clip des 30 dernières secondes');
    expect(i18n.t('clipsWatch:clipsLeft', { count: 2 })).toBe('2 clips restants');
  });
});
