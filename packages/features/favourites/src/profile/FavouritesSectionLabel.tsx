import { useTranslation } from '@grandstand/i18n';

/** The profile section's link text ("Favourites"), in the viewer's language, for the site's profile navigation. */
export function FavouritesSectionLabel() {
  const { t } = useTranslation('favourites');
  return <>{t('nav')}</>;
}
