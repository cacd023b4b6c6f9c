import { describe, expect, it } from 'vitest';
import { changeLanguage, createI18n } from './createI18n.ts';
import { defineFeatureNamespace, registerFeatureResources } from './features.ts';

let frenchLoads = 0;
const demo = defineFeatureNamespace({
  namespace: 'demo',
  en: { title: 'Live now' },
  loaders: {
    fr: () => {
      frenchLoads += 1;
      return Promise.resolve({ default: { title: 'En direct' } });
    },
  },
});

describe('registerFeatureResources', () => {
  it('adds English at once and loads French only when French is the language', async () => {
    frenchLoads = 0;
    const i18n = await createI18n({ language: 'en' });
    await registerFeatureResources(i18n, demo);
    expect(i18n.t('demo:title' as never)).toBe('Live now');
    expect(frenchLoads).toBe(0);

    await changeLanguage(i18n, 'fr');
    expect(i18n.t('demo:title' as never)).toBe('En direct');
    expect(frenchLoads).toBe(1);
  });

  it('loads French up front on a French instance', async () => {
    const i18n = await createI18n({ language: 'fr' });
    await registerFeatureResources(i18n, demo);
    expect(i18n.t('demo:title' as never)).toBe('En direct');
  });

  it('fetches nothing until a view asks for the namespace when preload is off', async () => {
    frenchLoads = 0;
    const i18n = await createI18n({ language: 'fr' });
    await registerFeatureResources(i18n, demo, { preload: false });
    expect(frenchLoads).toBe(0);
    // The site switches to the channel's language when its settings arrive: still nothing fetched.
    await changeLanguage(i18n, 'fr');
    expect(frenchLoads).toBe(0);
    await i18n.loadNamespaces('demo');
    expect(i18n.t('demo:title' as never)).toBe('En direct');
    expect(frenchLoads).toBe(1);
  });

  it('loads lazy English only when a view asks for it, and up front when preloaded', async () => {
    let englishLoads = 0;
    const checkout = defineFeatureNamespace({
      namespace: 'checkout',
      en: () => {
        englishLoads += 1;
        return Promise.resolve({ default: { title: 'Checkout' } });
      },
      loaders: { fr: () => Promise.resolve({ default: { title: 'Paiement' } }) },
    });
    const lazy = await createI18n({ language: 'en' });
    await registerFeatureResources(lazy, checkout, { preload: false });
    expect(englishLoads).toBe(0);
    await lazy.loadNamespaces('checkout');
    expect(lazy.t('checkout:title' as never)).toBe('Checkout');
    expect(englishLoads).toBe(1);

    const eager = await createI18n({ language: 'en' });
    await registerFeatureResources(eager, checkout);
    expect(eager.t('checkout:title' as never)).toBe('Checkout');
    expect(englishLoads).toBe(2);
  });
});
