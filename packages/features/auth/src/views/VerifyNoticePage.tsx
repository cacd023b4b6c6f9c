import { useTranslation } from '@grandstand/i18n';
import { Link, Page, PageTitle, Text } from '@grandstand/ui';

/** `/verify-notice` (spec §2): after registering, the viewer is asked to open the mailed link. */
export function VerifyNoticePage() {
  const { t } = useTranslation(['auth', 'errors']);
  return (
    <Page width="narrow" gap="md">
      <PageTitle>{t('auth:verifyNotice.title')}</PageTitle>
      <Text>{t('auth:verifyNotice.text')}</Text>
      <Link href="/">{t('auth:verifyNotice.home')}</Link>
    </Page>
  );
}
