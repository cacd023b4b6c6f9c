import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { I18nProvider, createI18n, defineFeatureNamespace, registerFeatureResources, useRefusalText, type RefusalTextOptions } from './index.ts';

const refusals = defineFeatureNamespace({
  namespace: 'refusals',
  en: { errors: { forbidden: 'Your role does not allow this.', refused: 'The change was refused.', CODE_TAKEN: 'The channel already has this code.' } },
  loaders: {
    fr: () => Promise.resolve({ default: { errors: { forbidden: 'Votre rôle ne le permet pas.', refused: 'La modification a été refusée.', CODE_TAKEN: 'La chaîne a déjà ce code.' } } }),
  },
});

const WORDED = ['CODE_TAKEN'];
const FORBIDDEN = 'CONSOLE_FORBIDDEN';

async function refusalTextIn(language: string, options: Partial<RefusalTextOptions> = {}) {
  const i18n = await createI18n({ language });
  await registerFeatureResources(i18n, refusals);
  const wrapper = ({ children }: { children: ReactNode }) => <I18nProvider i18n={i18n}>{children}</I18nProvider>;
  return renderHook(() => useRefusalText('refusals', WORDED, { forbiddenCode: FORBIDDEN, ...options }), { wrapper }).result.current;
}

const taken = { status: 409, kind: 'http', message: 'Promo code SUMMER is taken.', code: 'CODE_TAKEN' };
const forbidden = { status: 403, kind: 'http', message: 'Forbidden for your role.', code: FORBIDDEN };
const invalid = { status: 400, kind: 'http', message: 'The end must come after the start.', field: 'endsAt' };

describe('useRefusalText', () => {
  it('words the namespace’s codes and the role refusal first, another refusal as the server’s English message', async () => {
    const text = await refusalTextIn('en');
    expect(text(taken)).toBe('The channel already has this code.');
    expect(text(forbidden)).toBe('Your role does not allow this.');
    expect(text(invalid)).toBe('The end must come after the start.');
    expect(text({ ...invalid, message: '' })).toBe('The change was refused.');
  });

  it('puts the server’s English message before the namespace’s words when asked, the role refusal still first', async () => {
    const text = await refusalTextIn('en', { serverMessageFirst: true });
    expect(text(taken)).toBe('Promo code SUMMER is taken.');
    expect(text(forbidden)).toBe('Your role does not allow this.');
    expect(text(invalid)).toBe('The end must come after the start.');
  });

  it('speaks the operator’s language: no English message in French, whatever the order', async () => {
    for (const serverMessageFirst of [false, true]) {
      const text = await refusalTextIn('fr', { serverMessageFirst });
      expect(text(taken)).toBe('La chaîne a déjà ce code.');
      expect(text(forbidden)).toBe('Votre rôle ne le permet pas.');
      expect(text(invalid)).toBe('La modification a été refusée.');
    }
  });

  it('leaves what is not a refusal to the site’s generic texts, a worded code of a failed server aside', async () => {
    const text = await refusalTextIn('en');
    expect(text({ status: 500, kind: 'http', message: 'Boom' })).toBe('Something went wrong. Please try again or contact technical support');
    expect(text({ status: null, kind: 'timeout', message: 'Timed out' })).toBe('Something went wrong. Please try again or contact technical support');
    expect(text({ status: 429, kind: 'throttled', message: 'Too many attempts.', retryAfterSeconds: 42 })).toBe('Too many requests. Please try again in 42 s.');
    expect(text(new Error('not a call'))).toBe('Something went wrong. Please try again or contact technical support');
    expect(text({ ...taken, status: 503 })).toBe('The channel already has this code.');
    expect((await refusalTextIn('en', { serverMessageFirst: true }))({ ...taken, status: 503 })).toBe('The channel already has this code.');
  });
});
