// @vitest-environment jsdom
import { renderHook, waitFor } from '@testing-library/react';
import { createElement } from 'react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { describe, expect, it } from 'vitest';
import { useGetSettingsQuery } from './channelApi.ts';
import { useAppDispatch, useAppSelector, useClientStorage } from './hooks.ts';
import { selectToasts, addToast } from './toastsSlice.ts';
import { setupStore, testSettings } from './testSupport.ts';

function wrapperFor(store: ReturnType<typeof setupStore>['store']) {
  return ({ children }: { children: ReactNode }) => createElement(Provider, { store, children });
}

describe('react hooks', () => {
  it('useGetSettingsQuery loads the settings through the client', async () => {
    const { store } = setupStore({ routes: { 'GET /settings': () => ({ json: { data: testSettings() } }) } });
    const { result } = renderHook(() => useGetSettingsQuery(), { wrapper: wrapperFor(store) });
    expect(result.current.isLoading).toBe(true);
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data?.name).toBe('Northfield Sports');
  });

  it('useAppDispatch and useAppSelector read and change the typed state', async () => {
    const { store } = setupStore();
    const { result } = renderHook(() => ({ dispatch: useAppDispatch(), toasts: useAppSelector(selectToasts) }), { wrapper: wrapperFor(store) });
    result.current.dispatch(addToast({ message: 'Welcome back' }));
    await waitFor(() => expect(result.current.toasts.map((toast) => toast.message)).toEqual(['Welcome back']));
  });

  it('useClientStorage reads and writes the transport\'s prefixed storage', () => {
    const { store, client } = setupStore();
    const { result } = renderHook(() => useClientStorage(), { wrapper: wrapperFor(store) });
    result.current.set('preroll:12:3', true, 60_000);
    expect(client.storage.get('preroll:12:3')).toBe(true);
  });
});
