// @vitest-environment jsdom
import { createApiClient, createMemoryStorage } from '@grandstand/api-client';
import { CHANNEL_KEY_FILE } from '@grandstand/contract';
import { describe, expect, it, vi } from 'vitest';

// The extension's hook is on the window before Redux Toolkit is evaluated, as in a browser with it.
const extension = vi.hoisted(() => {
  const compose = vi.fn((...enhancers: unknown[]) => (next: unknown) => (enhancers as ((n: unknown) => unknown)[]).reduceRight((acc, enhancer) => enhancer(acc), next));
  (window as unknown as { __REDUX_DEVTOOLS_EXTENSION_COMPOSE__: unknown }).__REDUX_DEVTOOLS_EXTENSION_COMPOSE__ = (...args: unknown[]) =>
    typeof args[0] === 'function' ? compose(...args) : compose;
  return { compose };
});

const { makeStore } = await import('./makeStore.ts');

function client() {
  return createApiClient({ baseUrl: '/api', channelKeyUrl: CHANNEL_KEY_FILE, storagePrefix: 'grandstand:test:', storage: createMemoryStorage(), fetch: () => Promise.reject(new Error('no network in this test')) });
}

describe('makeStore and the Redux DevTools extension', () => {
  it('keeps the store closed to the extension unless asked', () => {
    extension.compose.mockClear();
    const store = makeStore({ client: client() });
    expect(extension.compose).not.toHaveBeenCalled();
    expect(store.getState().session.user).toBeNull();
  });

  it('opens it when the site asks (development builds)', () => {
    extension.compose.mockClear();
    makeStore({ client: client(), devTools: true });
    expect(extension.compose).toHaveBeenCalled();
  });
});
