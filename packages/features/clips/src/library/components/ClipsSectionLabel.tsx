import { useTranslation } from '@grandstand/i18n';

/** The profile section's link text ("Clips"), in the viewer's language, for the site's profile navigation. */
export function ClipsSectionLabel() {
  const { t } = useTranslation('clipsLibrary');
  return <>{t('nav')}</>;
}
