// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { setupStore } from './testSupport.ts';

// The extension's hook is on the window before Redux Toolkit is evaluated (vi.hoisted runs before
// the imports), as in a browser with it. Redux Toolkit calls it with its options and composes the
// store's enhancers with what it returns.
const extension = vi.hoisted(() => {
  const hook = vi.fn(() => (...enhancers: ((next: unknown) => unknown)[]) => (next: unknown) => enhancers.reduceRight((acc, enhancer) => enhancer(acc), next));
  Object.assign(window, { __REDUX_DEVTOOLS_EXTENSION_COMPOSE__: hook });
  return { hook };
});

describe('makeStore and the Redux DevTools extension', () => {
  it('keeps the store closed to the extension unless asked', () => {
    extension.hook.mockClear();
    const { store } = setupStore();
    expect(extension.hook).not.toHaveBeenCalled();
    expect(store.getState().session.user).toBeNull();
  });

  it('opens it when the site asks (development builds)', () => {
    extension.hook.mockClear();
    setupStore({ devTools: true });
    expect(extension.hook).toHaveBeenCalled();
  });
});
