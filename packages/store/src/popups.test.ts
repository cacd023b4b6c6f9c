import { describe, expect, it } from 'vitest';
import { closePopup, confirmPopup, PopupCanceledError, selectPopups, showPopup } from './popups.ts';
import { setupStore } from './testSupport.ts';

describe('popups (spec §4: resolve on ok, reject on cancel)', () => {
  it('shows a popup and resolves when it is closed with ok', async () => {
    const { store } = setupStore();
    const answer = store.dispatch(showPopup({ title: 'Cancel auto-renewal?', okLabel: 'Yes', cancelLabel: 'No' }));
    const [popup] = selectPopups(store.getState());
    expect(popup).toEqual({ id: expect.any(String), title: 'Cancel auto-renewal?', okLabel: 'Yes', cancelLabel: 'No' });
    store.dispatch(closePopup(popup?.id ?? '', 'ok'));
    await expect(answer).resolves.toBeUndefined();
    expect(selectPopups(store.getState())).toEqual([]);
  });

  it('rejects when the popup is closed with cancel', async () => {
    const { store } = setupStore();
    const answer = store.dispatch(showPopup({ title: 'Leave checkout?' }));
    store.dispatch(closePopup(selectPopups(store.getState())[0]?.id ?? '', 'cancel'));
    await expect(answer).rejects.toBeInstanceOf(PopupCanceledError);
    expect(selectPopups(store.getState())).toEqual([]);
  });

  it('settles each of several open popups on its own', async () => {
    const { store } = setupStore();
    const first = store.dispatch(showPopup({ title: 'First' }));
    const second = store.dispatch(showPopup({ title: 'Second' }));
    const [one, two] = selectPopups(store.getState());
    store.dispatch(closePopup(two?.id ?? '', 'cancel'));
    store.dispatch(closePopup(one?.id ?? '', 'ok'));
    await expect(first).resolves.toBeUndefined();
    await expect(second).rejects.toThrow('The popup was canceled');
  });

  it('confirms: true when the popup is closed with ok, false with cancel', async () => {
    const { store } = setupStore();
    const yes = store.dispatch(confirmPopup({ title: 'Delete the clip?', okLabel: 'Delete' }));
    store.dispatch(closePopup(selectPopups(store.getState())[0]?.id ?? '', 'ok'));
    await expect(yes).resolves.toBe(true);
    const no = store.dispatch(confirmPopup({ title: 'Delete the clip?', okLabel: 'Delete' }));
    expect(selectPopups(store.getState())).toEqual([{ id: expect.any(String), title: 'Delete the clip?', okLabel: 'Delete' }]);
    store.dispatch(closePopup(selectPopups(store.getState())[0]?.id ?? '', 'cancel'));
    await expect(no).resolves.toBe(false);
    expect(selectPopups(store.getState())).toEqual([]);
  });

  it('keeps the state serialisable: the popup in the state is plain data', () => {
    const { store } = setupStore();
    void store.dispatch(showPopup({ title: 'Plain', message: 'Only strings' }));
    const state = selectPopups(store.getState());
    expect(JSON.parse(JSON.stringify(state))).toEqual(state);
  });

  it('ignores closing a popup that is not open', () => {
    const { store } = setupStore();
    expect(() => store.dispatch(closePopup('missing', 'ok'))).not.toThrow();
  });
});
