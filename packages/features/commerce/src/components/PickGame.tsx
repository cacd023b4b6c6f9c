import type { Package } from '@grandstand/contract';
import { useErrorText, useTranslation } from '@grandstand/i18n';
import { Badge, Button, FormMessage, Text } from '@grandstand/ui';
import { isApiError } from '@grandstand/store';
import { useNavigate } from 'react-router';
import { usePickEventMutation } from '../commerceApi.ts';

const PICK_REFUSALS = ['package_not_found', 'package_has_no_quota', 'event_not_found', 'event_not_in_pass', 'pass_not_held', 'event_already_watchable', 'quota_used_up'] as const;
type PickRefusal = (typeof PICK_REFUSALS)[number];
const isPickRefusal = (code: string | undefined): code is PickRefusal => (PICK_REFUSALS as readonly (string | undefined)[]).includes(code);

/**
 * spec §6 "Package access may be limited by a quota": the viewer holding a pass of N games spends
 * one on this event in one press and goes to watch it; the games left are said beside the button.
 */
export function PickGame({ pass, eventId }: { pass: Package; eventId: number }) {
  const { t } = useTranslation('commerce');
  const errorText = useErrorText();
  const navigate = useNavigate();
  const [pick, state] = usePickEventMutation();
  const left = pass.quota_left ?? 0;
  // The server's refusals by their machine code, in the viewer's language; anything else as every error is said.
  const pickRefusal = (error: unknown): string => {
    const code = isApiError(error) ? error.code : undefined;
    return isPickRefusal(code) ? t(`pickErrors.${code}`) : errorText(error);
  };
  if (left === 0) {
    return (
      <>
        <Badge tone="primary">{t('purchased')}</Badge>
        <Text bold>{t('quotaLeft', { count: 0 })}</Text>
      </>
    );
  }
  const choose = async () => {
    const result = await pick({ packageId: pass.id, eventId });
    if ('data' in result) void navigate(`/watch/${eventId}`);
  };
  return (
    <>
      <Text bold>{t('quotaLeft', { count: left })}</Text>
      <Button onClick={() => void choose()} loading={state.isLoading}>
        {t('select.useGame')}
      </Button>
      {state.error !== undefined && <FormMessage tone="error">{pickRefusal(state.error)}</FormMessage>}
    </>
  );
}
