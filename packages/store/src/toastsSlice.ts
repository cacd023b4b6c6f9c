import type { ToastType } from '@grandstand/contract';
import { createSlice, nanoid } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';

/** spec §4 and §9: toasts default to 5000 ms and type info. */
export const DEFAULT_TOAST_DURATION_MS = 5000;
export const DEFAULT_TOAST_TYPE: ToastType = 'info';

export interface Toast {
  id: string;
  message: string;
  type: ToastType;
  duration: number;
}

export interface ToastInput {
  message: string;
  type?: ToastType;
  duration?: number;
}

export const toastsSlice = createSlice({
  name: 'toasts',
  initialState: [] as Toast[],
  reducers: {
    addToast: {
      reducer(state, action: PayloadAction<Toast>) {
        state.push(action.payload);
      },
      prepare(input: ToastInput) {
        return {
          payload: {
            id: nanoid(),
            message: input.message,
            type: input.type ?? DEFAULT_TOAST_TYPE,
            duration: input.duration ?? DEFAULT_TOAST_DURATION_MS,
          },
        };
      },
    },
    removeToast(state, action: PayloadAction<string>) {
      return state.filter((toast) => toast.id !== action.payload);
    },
  },
  selectors: {
    selectToasts: (state) => state,
  },
});

export const { addToast, removeToast } = toastsSlice.actions;
export const { selectToasts } = toastsSlice.selectors;
