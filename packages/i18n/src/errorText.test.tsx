import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { I18nProvider, createI18n, useErrorText } from './index.ts';

async function errorTextIn(language: string) {
  const i18n = await createI18n({ language });
  const wrapper = ({ children }: { children: ReactNode }) => <I18nProvider i18n={i18n}>{children}</I18nProvider>;
  return renderHook(() => useErrorText(), { wrapper }).result.current;
}

describe('useErrorText', () => {
  it('translates a recognised server message, words a 429 as throttling and anything else generically (spec §8)', async () => {
    const text = await errorTextIn('en');
    expect(text({ status: 400, kind: 'http', message: 'Wrong promo code' })).toBe('Wrong promo code');
    expect(text({ status: 429, kind: 'throttled', message: 'Too Many Requests' })).toBe('Too many requests. Please wait a moment and try again.');
    expect(text({ status: 500, kind: 'http', message: 'Boom' })).toBe('Something went wrong. Please try again or contact technical support');
    expect(text(new Error('not a call'))).toBe('Something went wrong. Please try again or contact technical support');
  });

  it('speaks the viewer’s language', async () => {
    const text = await errorTextIn('fr');
    expect(text({ status: 400, kind: 'http', message: 'Wrong promo code' })).toBe('Code promo incorrect');
  });

  it('says when to try again after a 429, from the server’s wait, in both languages (spec §8)', async () => {
    const en = await errorTextIn('en');
    expect(en({ status: 429, kind: 'throttled', message: 'Too many attempts.', retryAfterSeconds: 42 })).toBe('Too many requests. Please try again in 42 s.');
    expect(en({ status: 429, kind: 'throttled', message: 'Too many attempts.', retryAfterSeconds: 0 })).toBe('Too many requests. Please try again in 1 s.');
    // A password-reset hour is told in minutes.
    expect(en({ status: 429, kind: 'throttled', message: 'Too many attempts.', retryAfterSeconds: 3541 })).toBe('Too many requests. Please try again in 60 min.');
    const fr = await errorTextIn('fr');
    expect(fr({ status: 429, kind: 'throttled', message: 'Too many attempts.', retryAfterSeconds: 42 })).toBe('Trop de requêtes. Veuillez réessayer dans 42 s.');
    expect(fr({ status: 429, kind: 'throttled', message: 'Too many attempts.', retryAfterSeconds: 600 })).toBe('Trop de requêtes. Veuillez réessayer dans 10 min.');
  });

  it('translates the wrong-password texts the server answers (spec §8)', async () => {
    const en = await errorTextIn('en');
    const fr = await errorTextIn('fr');
    expect(en({ status: 422, kind: 'http', message: 'Incorrect password' })).toBe('Incorrect password');
    expect(fr({ status: 422, kind: 'http', message: 'Incorrect password' })).toBe('Mot de passe incorrect');
    expect(fr({ status: 422, kind: 'http', message: 'Invalid email or password. Please try again.' })).toBe('Adresse courriel ou mot de passe invalide. Veuillez réessayer.');
    expect(fr({ status: 422, kind: 'http', message: 'You are not registered yet. Please accept terms and conditions and click Register to continue.' })).toBe(
      'Vous n’êtes pas encore inscrit. Veuillez accepter les conditions générales, puis cliquer sur S’inscrire pour continuer.',
    );
  });
});
