// @vitest-environment jsdom
import { createApiClient, createMemoryStorage } from '@grandstand/api-client';
import { CHANNEL_KEY_FILE } from '@grandstand/contract';
import { describe, expect, it, vi } from 'vitest';

// The extension's hook is on the window before Redux Toolkit is evaluated, as in a browser with it.
// Redux Toolkit calls it with its options and composes the store's enhancers with what it returns.
const extension = vi.hoisted(() => {
  const hook = vi.fn(() => (...enhancers: ((next: unknown) => unknown)[]) => (next: unknown) => enhancers.reduceRight((acc, enhancer) => enhancer(acc), next));
  Object.assign(window, { __REDUX_DEVTOOLS_EXTENSION_COMPOSE__: hook });
  return { hook };
});

const { makeStore } = await import('./makeStore.ts');

function client() {
  return createApiClient({ baseUrl: '/api', channelKeyUrl: CHANNEL_KEY_FILE, storagePrefix: 'grandstand:test:', storage: createMemoryStorage(), fetch: () => Promise.reject(new Error('no network in this test')) });
}

describe('makeStore and the Redux DevTools extension', () => {
  it('keeps the store closed to the extension unless asked', () => {
    extension.hook.mockClear();
    const store = makeStore({ client: client() });
    expect(extension.hook).not.toHaveBeenCalled();
    expect(store.getState().session.user).toBeNull();
  });

  it('opens it when the site asks (development builds)', () => {
    extension.hook.mockClear();
    makeStore({ client: client(), devTools: true });
    expect(extension.hook).toHaveBeenCalled();
  });
});
