import type { ConsoleEvent } from '@grandstand/contract';
import { useTranslation } from '@grandstand/i18n';
import { Popup } from '@grandstand/ui';
import { useScheduleErrorText } from '../errors.ts';
import { useChangeScheduleEventStatusMutation } from '../scheduleApi.ts';
import type { ScheduleAction } from '../scheduleApi.ts';

export interface PendingAction {
  event: Pick<ConsoleEvent, 'id' | 'name'>;
  action: ScheduleAction;
}

export interface ConfirmActionProps {
  pending: PendingAction | null;
  /** Called once the operator answered: with the outcome to announce, or null when they went back. */
  onDone: (outcome: { tone: 'success' | 'error'; text: string } | null) => void;
}

const TEXTS = {
  publish: { title: 'confirm.publishTitle', message: 'confirm.publishMessage', ok: 'confirm.publishOk', done: 'confirm.published' },
  unpublish: { title: 'confirm.unpublishTitle', message: 'confirm.unpublishMessage', ok: 'confirm.unpublishOk', done: 'confirm.unpublished' },
  cancel: { title: 'confirm.cancelTitle', message: 'confirm.cancelMessage', ok: 'confirm.cancelOk', done: 'confirm.cancelled' },
} as const;

/** Publish, unpublish or cancel, each asked first: viewers see the change at once, and a cancel is for good. */
export function ConfirmAction({ pending, onDone }: ConfirmActionProps) {
  const { t } = useTranslation('schedule');
  const errorText = useScheduleErrorText();
  const [change] = useChangeScheduleEventStatusMutation();
  if (!pending) return null;
  const texts = TEXTS[pending.action];
  const name = pending.event.name;

  const confirm = async () => {
    const result = await change({ id: pending.event.id, action: pending.action });
    if ('error' in result && result.error) onDone({ tone: 'error', text: t('confirm.failed', { message: errorText(result.error) }) });
    else onDone({ tone: 'success', text: t(texts.done, { name }) });
  };

  return (
    <Popup
      open
      title={t(texts.title, { name })}
      message={t(texts.message)}
      okLabel={t(texts.ok)}
      cancelLabel={t('confirm.keep')}
      onOk={() => void confirm()}
      onCancel={() => onDone(null)}
    />
  );
}
