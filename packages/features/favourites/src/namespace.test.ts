import { FAVORITE_MESSAGES } from '@grandstand/contract';
import { createI18n, registerFeatureResources } from '@grandstand/i18n';
import { describe, expect, it } from 'vitest';
import en from './locales/en.json' with { type: 'json' };
import fr from './locales/fr.json' with { type: 'json' };
import { favouritesNamespace } from './namespace.ts';
import profileEn from './profile/locales/en.json' with { type: 'json' };
import profileFr from './profile/locales/fr.json' with { type: 'json' };
import { favouritesProfileNamespace } from './profile/namespace.ts';

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key));
}

describe('favouritesNamespace and favouritesProfileNamespace', () => {
  it('have every English text in French too', () => {
    expect(keysOf(fr).sort()).toEqual(keysOf(en).sort());
    expect(keysOf(profileFr).sort()).toEqual(keysOf(profileEn).sort());
  });

  it('say the spec §6 words to a visitor', () => {
    expect(en.follow.loginTitle).toBe(FAVORITE_MESSAGES.loginToFavourite);
  });

  it('load the French texts for a French site', async () => {
    const i18n = await createI18n({ language: 'fr' });
    await registerFeatureResources(i18n, favouritesNamespace);
    await registerFeatureResources(i18n, favouritesProfileNamespace);
    expect(i18n.t('favourites:follow.follow', { name: 'Hockey' })).toBe('Suivre Hockey');
    expect(i18n.t('favouritesProfile:calendar.subscribe')).toBe('S’abonner');
  });

  it('name each followable kind as the product shows it (team, school, sport)', () => {
    expect(profileEn.kind).toEqual({ participant: 'Team', group: 'School', category: 'Sport' });
  });
});
