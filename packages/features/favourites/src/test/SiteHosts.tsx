import { PopupHost } from '@grandstand/test-kit/storybook';
import { removeToast, selectToasts, useAppDispatch, useAppSelector } from '@grandstand/store';
import { ToastViewport } from '@grandstand/ui';

/** The store's popups and toasts, shown as the site's layout shows them. */
export function SiteHosts() {
  const dispatch = useAppDispatch();
  const toasts = useAppSelector(selectToasts);
  return (
    <>
      <PopupHost />
      <ToastViewport toasts={toasts} onDismiss={(id) => dispatch(removeToast(id))} dismissLabel="Dismiss" />
    </>
  );
}
