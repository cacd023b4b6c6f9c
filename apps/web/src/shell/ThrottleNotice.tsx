import { useErrorText } from '@grandstand/i18n';
import { addToast, selectGlobalError, selectToasts, useAppDispatch, useAppSelector } from '@grandstand/store';
import { useEffect, useRef } from 'react';

/**
 * spec §8: a throttled call (429) is a global error, whatever asked: the viewer is told, in their
 * language, when to try again (the server's Retry-After), in a toast, wherever it happens. The
 * same text already on screen is not shown twice (a page whose several calls were refused at once).
 */
export function ThrottleNotice() {
  const errorText = useErrorText();
  const dispatch = useAppDispatch();
  const globalError = useAppSelector(selectGlobalError);
  const toasts = useAppSelector(selectToasts);
  const shown = useRef<number | undefined>(undefined);
  const at = globalError?.reason === 'throttled' ? globalError.at : undefined;

  useEffect(() => {
    // Once per throttle: `at` names it.
    if (at === undefined || at === shown.current || !globalError) return;
    shown.current = at;
    const message = errorText({ kind: 'throttled', message: '', retryAfterSeconds: globalError.retryAfterSeconds });
    if (toasts.some((toast) => toast.message === message)) return;
    dispatch(addToast({ message, type: 'error' }));
  }, [at, globalError, toasts, errorText, dispatch]);

  return null;
}
