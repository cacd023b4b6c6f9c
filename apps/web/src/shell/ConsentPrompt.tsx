import type { ConsentChoice } from '@grandstand/analytics';
import { useTranslation } from '@grandstand/i18n';
import { ConsentBanner } from '@grandstand/ui';

/** The privacy banner in the site's words; a chunk of its own, loaded when a viewer is asked. */
export default function ConsentPrompt({ kind, onAnswer }: { kind: 'notice' | 'choice'; onAnswer: (choice: ConsentChoice) => void }) {
  const { t } = useTranslation('shell');
  return kind === 'notice' ? (
    <ConsentBanner kind="notice" label={t('consent.label')} message={t('consent.notice')} acceptLabel={t('consent.ok')} onAccept={() => onAnswer('dismissed')} />
  ) : (
    <ConsentBanner
      kind="choice"
      label={t('consent.label')}
      message={t('consent.choice')}
      acceptLabel={t('consent.accept')}
      declineLabel={t('consent.decline')}
      onAccept={() => onAnswer('accepted')}
      onDecline={() => onAnswer('declined')}
    />
  );
}
