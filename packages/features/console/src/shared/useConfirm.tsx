import { useTranslation } from '@grandstand/i18n';
import { Popup } from '@grandstand/ui';
import { useState, type ReactNode } from 'react';

interface Asked {
  title: string;
  okLabel: string;
  onOk: () => void;
}

/**
 * A confirmation before an action that cannot be undone (removing an operator, revoking a token):
 * `ask` opens the dialog, `dialog` is put once in the page.
 */
export function useConfirm(): { ask: (asked: Asked) => void; dialog: ReactNode } {
  const { t } = useTranslation('console');
  const [asked, setAsked] = useState<Asked | null>(null);
  const dialog = (
    <Popup
      open={asked !== null}
      title={asked?.title ?? ''}
      okLabel={asked?.okLabel ?? ''}
      cancelLabel={t('cancel')}
      onOk={() => {
        asked?.onOk();
        setAsked(null);
      }}
      onCancel={() => setAsked(null)}
    />
  );
  return { ask: setAsked, dialog };
}
