import { createI18n, registerFeatureResources } from '@grandstand/i18n';
import { describe, expect, it } from 'vitest';
import en from './locales/en.json' with { type: 'json' };
import fr from './locales/fr.json' with { type: 'json' };
import { consoleNamespace } from './namespace.ts';

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key));
}

describe('consoleNamespace', () => {
  it('has every English text in French too', () => {
    expect(keysOf(fr).sort()).toEqual(keysOf(en).sort());
  });

  it('loads the French texts for a French operator', async () => {
    const i18n = await createI18n({ language: 'fr' });
    await registerFeatureResources(i18n, consoleNamespace);
    expect(i18n.t('console:signIn.submit')).toBe('Se connecter');
    expect(i18n.t('console:roles.producer')).toBe('Production');
  });
});
