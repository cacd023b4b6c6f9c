import { useEffect, useState } from 'react';
import { useTranslation } from '@grandstand/i18n';
import { ErrorPanel } from '@grandstand/ui';

/** spec §9: the reload button stays locked for 60 s. */
export const RELOAD_LOCK_SECONDS = 60;

/**
 * spec §2: the full-screen "WHOOPS!" panel shown when the api key request fails. Its Reload page
 * button is disabled for 60 seconds, then re-requests the api key and reloads.
 */
export function ReloadScreen({ onReload }: { onReload: () => Promise<void> }) {
  const { t } = useTranslation('errors');
  // A deadline rather than counted ticks: a throttled background tab still unlocks on time.
  const [unlockAt] = useState(() => Date.now() + RELOAD_LOCK_SECONDS * 1000);
  const [secondsLeft, setSecondsLeft] = useState(RELOAD_LOCK_SECONDS);
  const [reloading, setReloading] = useState(false);

  useEffect(() => {
    const timer = setInterval(() => {
      const left = Math.max(0, Math.ceil((unlockAt - Date.now()) / 1000));
      setSecondsLeft(left);
      if (left === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [unlockAt]);

  const locked = secondsLeft > 0 || reloading;
  return (
    <>
      <title>{t('whoopsTitle')}</title>
      <ErrorPanel
        fullScreen
        title={t('whoopsTitle')}
        message={t('whoopsMessage')}
        actionLabel={t('reloadPage')}
        actionDisabled={locked}
        actionHint={secondsLeft > 0 ? t('reloadIn', { seconds: secondsLeft }) : undefined}
        onAction={() => {
          setReloading(true);
          void onReload().finally(() => setReloading(false));
        }}
      />
    </>
  );
}
