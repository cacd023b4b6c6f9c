import { createSlice, nanoid } from '@reduxjs/toolkit';
import type { PayloadAction, ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import type { StoreExtra } from './clientBaseQuery.ts';

export interface PopupOptions {
  title: string;
  message?: string;
  okLabel?: string;
  cancelLabel?: string;
}

export interface Popup extends PopupOptions {
  id: string;
}

export type PopupResult = 'ok' | 'cancel';

/** The rejection of a popup closed with cancel (spec §4: popups reject on cancel). */
export class PopupCanceledError extends Error {
  constructor() {
    super('The popup was canceled');
    this.name = 'PopupCanceledError';
  }
}

export const popupsSlice = createSlice({
  name: 'popups',
  initialState: [] as Popup[],
  reducers: {
    popupOpened(state, action: PayloadAction<Popup>) {
      state.push(action.payload);
    },
    popupClosed(state, action: PayloadAction<string>) {
      return state.filter((popup) => popup.id !== action.payload);
    },
  },
  selectors: {
    selectPopups: (state) => state,
  },
});

export const { selectPopups } = popupsSlice.selectors;

type PopupThunk<Result> = ThunkAction<Result, { popups: Popup[] }, StoreExtra, UnknownAction>;

/**
 * Opens a popup. spec §4: the promise resolves when the popup is closed with ok and rejects (with
 * PopupCanceledError) when it is closed with cancel.
 *
 * @example
 * await dispatch(showPopup({ title: 'Cancel auto-renewal?', okLabel: 'Yes' })); // throws on cancel
 */
export function showPopup(options: PopupOptions): PopupThunk<Promise<void>> {
  return (dispatch, _getState, extra) =>
    new Promise<void>((resolve, reject) => {
      const id = nanoid();
      extra.popupResolvers.set(id, { resolve, reject });
      dispatch(popupsSlice.actions.popupOpened({ id, ...options }));
    });
}

/**
 * Asks the viewer to confirm with a popup: resolves true when it is closed with ok, false when it is
 * closed with cancel (spec §4's rejection read as the viewer's answer, not as an error).
 *
 * @example
 * if (!(await dispatch(confirmPopup({ title: 'Delete the clip?', okLabel: 'Delete' })))) return;
 */
export function confirmPopup(options: PopupOptions): PopupThunk<Promise<boolean>> {
  return async (dispatch) => {
    try {
      await dispatch(showPopup(options));
      return true;
    } catch (reason) {
      if (reason instanceof PopupCanceledError) return false;
      throw reason;
    }
  };
}

/** Closes a popup and settles the promise its showPopup returned. */
export function closePopup(id: string, result: PopupResult): PopupThunk<void> {
  return (dispatch, _getState, extra) => {
    const resolver = extra.popupResolvers.get(id);
    extra.popupResolvers.delete(id);
    dispatch(popupsSlice.actions.popupClosed(id));
    if (!resolver) return;
    if (result === 'ok') resolver.resolve();
    else resolver.reject(new PopupCanceledError());
  };
}
