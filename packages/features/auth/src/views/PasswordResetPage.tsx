import { useTranslation } from '@grandstand/i18n';
import { Button, FormMessage, Link, Page, PageTitle, Stack, Text } from '@grandstand/ui';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { usePasswordResetMutation } from '../authApi.ts';
import { AUTH_PATHS } from '../paths.ts';
import { PasswordField } from '../shared/PasswordField.tsx';
import { useAuthForm } from '../shared/useAuthForm.ts';
import { useField } from '../shared/useField.ts';
import { checkConfirmation, checkNewPassword } from '../validation.ts';

/** `/password-reset?email=&expires=&signature=` (spec §2): a new password from the mailed link. */
export function PasswordResetPage() {
  const { t } = useTranslation(['auth', 'validation', 'errors']);
  const [params] = useSearchParams();
  const [reset, { isLoading }] = usePasswordResetMutation();
  const password = useField();
  const confirmation = useField();
  const form = useAuthForm<'password' | 'passwordConfirmation'>();
  const [done, setDone] = useState(false);
  const email = params.get('email') ?? '';
  const expires = Number(params.get('expires'));
  const signature = params.get('signature') ?? '';
  const linkComplete = email !== '' && signature !== '' && Number.isInteger(expires) && expires > 0;

  const onSubmit = form.submit(
    () => ({
      password: checkNewPassword(password.value),
      passwordConfirmation: checkConfirmation(password.value, confirmation.value),
    }),
    async () => {
      await reset({ email, expires, signature, password: password.value, password_confirmation: confirmation.value }).unwrap();
      setDone(true);
    },
  );

  if (!linkComplete) {
    return (
      <Page width="narrow" gap="md">
        <PageTitle>{t('auth:reset.title')}</PageTitle>
        <Text>{t('auth:reset.badLink')}</Text>
        <Link href={AUTH_PATHS.passwordResetRequest}>{t('auth:reset.requestAgain')}</Link>
      </Page>
    );
  }

  return (
    <Page width="narrow" gap="md">
      <PageTitle>{t('auth:reset.title')}</PageTitle>
      <Stack as="form" noValidate onSubmit={onSubmit}>
        <PasswordField label={t('auth:fields.newPassword')} autoComplete="new-password" field={password} error={form.message('password')} />
        <PasswordField label={t('auth:fields.passwordConfirmation')} autoComplete="new-password" field={confirmation} error={form.message('passwordConfirmation')} />
        <FormMessage tone="error">{form.serverError}</FormMessage>
        <FormMessage tone="success">{done ? t('auth:reset.success') : ''}</FormMessage>
        <Button type="submit" loading={isLoading} disabled={done}>
          {t('auth:reset.submit')}
        </Button>
      </Stack>
      {done && <Link href={AUTH_PATHS.login}>{t('auth:reset.login')}</Link>}
    </Page>
  );
}
