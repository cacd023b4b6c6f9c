import { useTranslation } from '@grandstand/i18n';
import { Checkbox, ErrorPanel, FormMessage, Loader, PageTitle, Stack, Text } from '@grandstand/ui';
import { useState } from 'react';
import { useGetSecurityQuery, useUpdateSecurityMutation } from '../consoleApi.ts';
import { useConsoleErrorText } from '../shared/errors.ts';
import { useConsoleOperator } from '../shared/operator.tsx';

/** `/console/security` (owners): whether every operator of the channel must use two-step sign-in. */
export function SecurityPage() {
  const { t } = useTranslation('console');
  const errorText = useConsoleErrorText();
  const { channel } = useConsoleOperator();
  const security = useGetSecurityQuery();
  const [update, { isLoading }] = useUpdateSecurityMutation();
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  let body;
  if (security.isLoading) body = <Loader label={t('loading')} />;
  else if (security.isError || !security.data) {
    body = <ErrorPanel title={t('security.title')} message={errorText(security.error)} actionLabel={t('retry')} onAction={() => void security.refetch()} />;
  } else {
    body = (
      <Checkbox
        label={t('security.requireTotp')}
        hint={t('security.requireTotpHint')}
        checked={security.data.requireTotp}
        disabled={isLoading}
        onChange={(event) => {
          const requireTotp = event.target.checked;
          setOutcome(null);
          update({ requireTotp })
            .unwrap()
            .then(() => setOutcome({ tone: 'success', text: `${t('security.saved')} ${requireTotp ? t('security.onNow') : t('security.offNow')}` }))
            .catch((error: unknown) => setOutcome({ tone: 'error', text: errorText(error) }));
        }}
      />
    );
  }
  return (
    <Stack gap="lg">
      <PageTitle>{t('security.title')}</PageTitle>
      <Text tone="muted">{t('security.intro', { channel: channel.name })}</Text>
      {body}
      <FormMessage tone="success">{outcome?.tone === 'success' ? outcome.text : ''}</FormMessage>
      <FormMessage tone="error">{outcome?.tone === 'error' ? outcome.text : ''}</FormMessage>
    </Stack>
  );
}
