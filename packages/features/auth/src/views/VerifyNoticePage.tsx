import { useTranslation } from '@grandstand/i18n';
import { Link } from 'react-router';
import { Page, Text } from '../shared/layout.ts';
import { PageTitle } from '@grandstand/ui';

/** `/verify-notice` (spec §2): after registering, the viewer is asked to open the mailed link. */
export function VerifyNoticePage() {
  const { t } = useTranslation(['auth', 'errors']);
  return (
    <Page>
      <PageTitle>{t('auth:verifyNotice.title')}</PageTitle>
      <Text>{t('auth:verifyNotice.text')}</Text>
      <Link to="/">{t('auth:verifyNotice.home')}</Link>
    </Page>
  );
}
