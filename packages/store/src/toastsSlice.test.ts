import { describe, expect, it } from 'vitest';
import { setupStore } from './testSupport.ts';
import { addToast, removeToast, selectToasts } from './toastsSlice.ts';

describe('toastsSlice', () => {
  it('defaults a toast to type info and 5000 ms (spec §4, §9) and gives it an id', () => {
    const { store } = setupStore();
    store.dispatch(addToast({ message: 'Saved' }));
    const [toast] = selectToasts(store.getState());
    expect(toast).toEqual({ id: expect.any(String), message: 'Saved', type: 'info', duration: 5000 });
  });

  it('keeps a given type and duration, and gives each toast its own id', () => {
    const { store } = setupStore();
    store.dispatch(addToast({ message: 'Failed', type: 'error', duration: 8000 }));
    store.dispatch(addToast({ message: 'Done', type: 'success' }));
    const toasts = selectToasts(store.getState());
    expect(toasts.map((toast) => [toast.message, toast.type, toast.duration])).toEqual([
      ['Failed', 'error', 8000],
      ['Done', 'success', 5000],
    ]);
    expect(toasts[0]?.id).not.toBe(toasts[1]?.id);
  });

  it('removes a toast by id', () => {
    const { store } = setupStore();
    store.dispatch(addToast({ message: 'One' }));
    store.dispatch(addToast({ message: 'Two' }));
    const first = selectToasts(store.getState())[0];
    store.dispatch(removeToast(first?.id ?? ''));
    expect(selectToasts(store.getState()).map((toast) => toast.message)).toEqual(['Two']);
  });
});
