import { createI18n, registerFeatureResources } from '@grandstand/i18n';
import { describe, expect, it } from 'vitest';
import en from './locales/en.json' with { type: 'json' };
import fr from './locales/fr.json' with { type: 'json' };
import { profileNamespace } from './namespace.ts';

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key));
}

describe('profileNamespace', () => {
  it('has every English text in French too', () => {
    expect(keysOf(fr).sort()).toEqual(keysOf(en).sort());
  });

  it('loads the French texts for a French site', async () => {
    const i18n = await createI18n({ language: 'fr' });
    await registerFeatureResources(i18n, profileNamespace);
    expect(i18n.t('profile:orders.renewal.cancelled')).toBe('Renouvellement automatique annulé');
  });

  it('keeps the spec §3 labels in English as the spec words them', () => {
    expect(en.orders.label).toEqual({ paid: 'Paid', active: 'Active', inactive: 'Inactive', refunded: 'Refunded' });
    expect(en.orders.renewal).toEqual({ on: 'Auto-Renewal', cancelled: 'Auto-Renewal Cancelled' });
    expect(en.transactions.kind).toEqual({ purchase: 'Purchase', newSubscription: 'New subscription', renewal: 'Subscription Renewal' });
  });
});
