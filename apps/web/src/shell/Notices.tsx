import { useTranslation } from '@grandstand/i18n';
import { closePopup, removeToast, selectPopups, selectToasts, useAppDispatch, useAppSelector } from '@grandstand/store';
import { Popup, ToastViewport } from '@grandstand/ui';

/**
 * The site's toasts (spec §4) and its first popup, from the store. Layout loads this module only
 * once there is one to show: most pages never show either, and their code is then no part of the
 * page's start.
 */
export default function Notices() {
  const { t } = useTranslation('shell');
  const dispatch = useAppDispatch();
  const toasts = useAppSelector(selectToasts);
  const popup = useAppSelector(selectPopups)[0];
  return (
    <>
      <ToastViewport toasts={toasts} onDismiss={(id) => dispatch(removeToast(id))} dismissLabel={t('dismiss')} />
      {popup && (
        <Popup
          open
          title={popup.title}
          message={popup.message}
          okLabel={popup.okLabel ?? t('ok')}
          cancelLabel={popup.cancelLabel ?? t('cancel')}
          onOk={() => dispatch(closePopup(popup.id, 'ok'))}
          onCancel={() => dispatch(closePopup(popup.id, 'cancel'))}
        />
      )}
    </>
  );
}
