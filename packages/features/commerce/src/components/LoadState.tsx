import { useErrorText, useTranslation } from '@grandstand/i18n';
import { Button, FormMessage, Loader, Stack } from '@grandstand/ui';

/** The loading spinner of a commerce view, announced politely. */
export function Loading() {
  const { t } = useTranslation('commerce');
  return <Loader label={t('loading')} />;
}

/** A call that failed, in the viewer's words, with a way to try again. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('commerce');
  const errorText = useErrorText();
  return (
    <Stack direction="row" gap="sm">
      <FormMessage tone="error">
        {t('loadError')} {errorText(error)}
      </FormMessage>
      <Button variant="secondary" onClick={onRetry}>
        {t('retry')}
      </Button>
    </Stack>
  );
}
