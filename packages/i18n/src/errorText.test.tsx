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
});
