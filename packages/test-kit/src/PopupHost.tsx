import { closePopup, selectPopups, useAppDispatch, useAppSelector } from '@grandstand/store';
import { Popup } from '@grandstand/ui';

/** The store's first popup, shown as the site's layout shows it (ok resolves, cancel rejects): for views that ask through `showPopup`. */
export function PopupHost() {
  const dispatch = useAppDispatch();
  const popup = useAppSelector(selectPopups)[0];
  if (!popup) return null;
  return (
    <Popup
      open
      title={popup.title}
      message={popup.message}
      okLabel={popup.okLabel ?? 'OK'}
      cancelLabel={popup.cancelLabel ?? 'Cancel'}
      onOk={() => dispatch(closePopup(popup.id, 'ok'))}
      onCancel={() => dispatch(closePopup(popup.id, 'cancel'))}
    />
  );
}
