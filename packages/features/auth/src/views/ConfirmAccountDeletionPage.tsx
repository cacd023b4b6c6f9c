import { useTranslation } from '@grandstand/i18n';
import { selectUser, useAppSelector } from '@grandstand/store';
import { Button, FormMessage, Link, Page, PageTitle, Stack, Text } from '@grandstand/ui';
import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { useDeleteAccountMutation } from '../authApi.ts';
import { AUTH_PATHS } from '../paths.ts';
import { Links } from '../shared/layout.ts';
import { PasswordField } from '../shared/PasswordField.tsx';
import { useAuthForm } from '../shared/useAuthForm.ts';
import { useField } from '../shared/useField.ts';
import { checkRequired } from '../validation.ts';

/** `/confirm-account-deletion` (spec §2, §7 POST /delete-account-confirm): the password confirms. */
export function ConfirmAccountDeletionPage() {
  const { t } = useTranslation(['auth', 'validation', 'errors']);
  const user = useAppSelector(selectUser);
  const navigate = useNavigate();
  const [deleteAccount, { isLoading }] = useDeleteAccountMutation();
  const password = useField();
  const form = useAuthForm<'password'>();
  const [deleted, setDeleted] = useState(false);
  // After the deletion the session is gone; the viewer is on the way home, not to the login.
  if (!user && !deleted) return <Navigate to={AUTH_PATHS.login} replace />;

  const onSubmit = form.submit(
    () => ({ password: checkRequired(password.value) }),
    async () => {
      await deleteAccount({ password: password.value }).unwrap();
      setDeleted(true);
      navigate('/', { replace: true });
    },
  );

  return (
    <Page width="narrow" gap="md">
      <PageTitle>{t('auth:deletion.title')}</PageTitle>
      <Text>{t('auth:deletion.text')}</Text>
      <Stack as="form" noValidate onSubmit={onSubmit}>
        <PasswordField label={t('auth:fields.password')} autoComplete="current-password" field={password} error={form.message('password')} />
        <FormMessage tone="error">{form.serverError}</FormMessage>
        <Button type="submit" loading={isLoading}>
          {t('auth:deletion.submit')}
        </Button>
      </Stack>
      <Links>
        <Link href={AUTH_PATHS.profile}>{t('auth:deletion.cancel')}</Link>
      </Links>
    </Page>
  );
}
