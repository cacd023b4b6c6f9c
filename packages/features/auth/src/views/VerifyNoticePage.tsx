import { useTranslation } from '@grandstand/i18n';
import { Page, Text } from '../shared/layout.ts';
import { Link, PageTitle } from '@grandstand/ui';

/** `/verify-notice` (spec §2): after registering, the viewer is asked to open the mailed link. */
export function VerifyNoticePage() {
  const { t } = useTranslation(['auth', 'errors']);
  return (
    <Page>
      <PageTitle>{t('auth:verifyNotice.title')}</PageTitle>
      <Text>{t('auth:verifyNotice.text')}</Text>
      <Link href="/">{t('auth:verifyNotice.home')}</Link>
    </Page>
  );
}
