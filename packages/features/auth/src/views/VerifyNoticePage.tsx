import { useTranslation } from '@grandstand/i18n';
import { Link } from 'react-router';
import { Page, Text, Title } from '../shared/layout.ts';

/** `/verify-notice` (spec §2): after registering, the viewer is asked to open the mailed link. */
export function VerifyNoticePage() {
  const { t } = useTranslation(['auth', 'errors']);
  return (
    <Page>
      <Title>{t('auth:verifyNotice.title')}</Title>
      <Text>{t('auth:verifyNotice.text')}</Text>
      <Link to="/">{t('auth:verifyNotice.home')}</Link>
    </Page>
  );
}
