import { describe, expect, it } from 'vitest';
import { namespaces, supportedLanguages } from './config.ts';
import { englishLoaders } from './resources.ts';
import { recognisedServerMessages, serverMessageKey } from './serverMessages.ts';

type Tree = { readonly [key: string]: string | Tree };

/** Every locale file, read as a bundler would, so a missing file fails here. */
async function load(language: string, namespace: string): Promise<Tree> {
  const module = (await import(`./locales/${language}/${namespace}.json`, { with: { type: 'json' } })) as { default: Tree };
  return module.default;
}

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') entries.set(path, value);
    else for (const [innerKey, inner] of flatten(value, path)) entries.set(innerKey, inner);
  }
  return entries;
}

const placeholders = (text: string) => [...text.matchAll(/{{\s*([\w.]+)[^}]*}}/g)].map((match) => match[1]).sort();

describe.each(namespaces)('the %s namespace', (namespace) => {
  it('has the same keys in every language, none empty, with the same placeholders', async () => {
    const english = flatten(await load('en', namespace));
    expect(english.size).toBeGreaterThan(0);
    for (const language of supportedLanguages) {
      const other = flatten(await load(language, namespace));
      expect([...other.keys()].sort(), `${language}/${namespace}.json keys`).toEqual([...english.keys()].sort());
      for (const [key, text] of other) {
        expect(text.trim(), `${language} ${namespace}:${key}`).not.toBe('');
        expect(placeholders(text), `${language} ${namespace}:${key} placeholders`).toEqual(placeholders(english.get(key) ?? ''));
      }
    }
  });

  it('is the English its loader gives', async () => {
    expect((await englishLoaders[namespace]()).default).toEqual(await load('en', namespace));
  });
});

describe('texts quoted by the spec', () => {
  it('are used exactly', async () => {
    const errors = (await englishLoaders.errors()).default;
    const validation = (await englishLoaders.validation()).default;
    const common = (await englishLoaders.common()).default;
    expect(errors.whoopsMessage).toBe('Apologies! Our service is currently experiencing technical difficulties. Please refresh the page');
    expect(errors.notFoundTitle).toBe('Hmm.... Looks like we lose this page');
    expect(errors.geoBlocked).toBe("We're sorry, but this content is not available in your region.");
    expect(validation.passwordsDontMatch).toBe('PASSWORDS DON\u2019T MATCH');
    expect(validation.notRegistered).toBe(
      'You are not registered yet. Please accept terms and conditions and click Register to continue.',
    );
    expect(common.autoRenewal.cancelled).toBe('Auto-Renewal Cancelled');
  });
});

describe('serverMessageKey', () => {
  it('knows every server message of the spec, each with a text in every language', async () => {
    // spec §8's seventeen, and the spec's "Incorrect password" and §5 "You are not registered yet…" the account routes answer.
    expect(recognisedServerMessages).toHaveLength(19);
    const french = flatten(await load('fr', 'errors'));
    const english = flatten(await load('en', 'errors'));
    for (const message of recognisedServerMessages) {
      const key = serverMessageKey(message)?.replace('errors:', '') ?? '';
      expect(english.has(key), message).toBe(true);
      expect(french.has(key), message).toBe(true);
    }
  });

  it('maps a server message to its key and ignores other wording', () => {
    expect(serverMessageKey('Wrong promo code')).toBe('errors:server.wrongPromoCode');
    expect(serverMessageKey(' User not found. ')).toBe('errors:server.userNotFound');
    expect(serverMessageKey('No chanel or api key found')).toBe('errors:server.noChannelOrApiKey');
    expect(serverMessageKey('Something new from the server')).toBeUndefined();
    expect(serverMessageKey('toString')).toBeUndefined();
  });
});
