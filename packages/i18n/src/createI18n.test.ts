import { describe, expect, it } from 'vitest';
import { changeLanguage, createI18n } from './createI18n.ts';

const nnbsp = '\u202f';

describe('createI18n', () => {
  it('starts in English with every shared namespace loaded', async () => {
    const i18n = await createI18n({ language: 'en' });
    expect(i18n.language).toBe('en');
    expect(i18n.t('errors:whoopsTitle')).toBe('WHOOPS!');
    expect(i18n.t('shell:loading')).toBe('Loading…');
    expect(i18n.t('validation:minLength', { number: 3 })).toBe('Field length must be greater than 3');
    // the default namespace is common
    expect(i18n.t('gender.men')).toBe('Men');
  });

  it('loads French only when it is asked for', async () => {
    const i18n = await createI18n({ language: 'en' });
    expect(i18n.hasResourceBundle('fr', 'errors')).toBe(false);

    await changeLanguage(i18n, 'fr');

    expect(i18n.language).toBe('fr');
    expect(i18n.hasResourceBundle('fr', 'errors')).toBe(true);
    expect(i18n.t('errors:whoopsTitle')).toBe(`OUPS${nnbsp}!`);
    expect(i18n.t('errors:reloadIn', { seconds: 42 })).toBe('Vous pourrez recharger dans 42 s');
  });

  it('returns a French instance ready to use', async () => {
    const i18n = await createI18n({ language: 'fr' });
    expect(i18n.language).toBe('fr');
    expect(i18n.t('shell:skipToContent')).toBe('Aller au contenu');
    expect(i18n.t('validation:passwordsDontMatch')).toBe('LES MOTS DE PASSE NE CORRESPONDENT PAS');
  });

  it('treats a regional French tag as French', async () => {
    const i18n = await createI18n({ language: 'fr-CA' });
    expect(i18n.language).toBe('fr');
    expect(i18n.t('shell:home')).toBe('Accueil');
  });

  it('falls back to English for an unknown language without trying to load it', async () => {
    const i18n = await createI18n({ language: 'de' });
    expect(i18n.language).toBe('en');
    expect(i18n.t('errors:notFoundTitle')).toBe('Hmm.... Looks like we lose this page');
    expect(i18n.hasResourceBundle('de', 'errors')).toBe(false);

    await changeLanguage(i18n, 'xx');
    expect(i18n.language).toBe('en');
  });

  it('loads only the namespaces it is given', async () => {
    const i18n = await createI18n({ language: 'fr', namespaces: ['errors'] });
    expect(i18n.hasResourceBundle('fr', 'errors')).toBe(true);
    expect(i18n.hasResourceBundle('fr', 'common')).toBe(false);
  });

  it('loads no English for a French instance: every key is in French', async () => {
    const i18n = await createI18n({ language: 'fr' });
    expect(i18n.hasResourceBundle('fr', 'errors')).toBe(true);
    expect(i18n.hasResourceBundle('en', 'errors')).toBe(false);
  });

  it('uses the texts it is given as they are and loads only the rest', async () => {
    const given = { errors: { whoopsTitle: 'OUPS (du serveur)' } };
    const i18n = await createI18n({ language: 'fr', namespaces: ['errors', 'shell'], resources: given });
    expect(i18n.t('errors:whoopsTitle')).toBe('OUPS (du serveur)');
    expect(i18n.t('shell:home')).toBe('Accueil');
    expect(i18n.hasResourceBundle('en', 'shell')).toBe(false);
  });

  it('gives independent instances, never the global one', async () => {
    const english = await createI18n({ language: 'en' });
    const french = await createI18n({ language: 'en' });
    await changeLanguage(french, 'fr');
    expect(english.language).toBe('en');
    expect(english.t('shell:login')).toBe('Log in');
    expect(french.t('shell:login')).toBe('Se connecter');
  });
});
