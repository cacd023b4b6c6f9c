import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18n, useFollowLanguage } from './index.ts';

afterEach(() => {
  document.documentElement.lang = '';
});

describe('useFollowLanguage', () => {
  it('takes the channel’s language once it is known, and marks the page with it', async () => {
    const i18n = await createI18n({ language: 'en' });
    const { rerender } = renderHook(({ channel }: { channel: string | undefined }) => useFollowLanguage(i18n, null, channel), { initialProps: { channel: undefined as string | undefined } });
    expect(document.documentElement.lang).toBe('en');
    rerender({ channel: 'fr' });
    await waitFor(() => expect(i18n.language).toBe('fr'));
    expect(document.documentElement.lang).toBe('fr');
  });

  it('keeps the language chosen on this device over the channel’s', async () => {
    const i18n = await createI18n({ language: 'fr' });
    renderHook(() => useFollowLanguage(i18n, 'en', 'fr'));
    await waitFor(() => expect(i18n.language).toBe('en'));
    expect(document.documentElement.lang).toBe('en');
  });

  it('follows a change of language made elsewhere, and lets go of the page when unmounted', async () => {
    const i18n = await createI18n({ language: 'en' });
    const { unmount } = renderHook(() => useFollowLanguage(i18n, undefined, undefined));
    await i18n.changeLanguage('fr');
    expect(document.documentElement.lang).toBe('fr');
    unmount();
    await i18n.changeLanguage('en');
    expect(document.documentElement.lang).toBe('fr');
  });
});
