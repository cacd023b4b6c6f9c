import { useErrorText, useTranslation } from '@grandstand/i18n';
import { Button, FormMessage, Link, Page, PageTitle, Stack, Text, TextField } from '@grandstand/ui';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { usePasswordResetMutation } from '../authApi.ts';
import { AUTH_PATHS } from '../paths.ts';
import { useField } from '../shared/useField.ts';
import { checkConfirmation, checkNewPassword, problemsOf } from '../validation.ts';
import type { Problems } from '../validation.ts';

/** `/password-reset?email=&expires=&signature=` (spec §2): a new password from the mailed link. */
export function PasswordResetPage() {
  const { t } = useTranslation(['auth', 'validation', 'errors']);
  const errorText = useErrorText();
  const [params] = useSearchParams();
  const [reset, { isLoading }] = usePasswordResetMutation();
  const password = useField();
  const confirmation = useField();
  const [problems, setProblems] = useState<Problems<'password' | 'passwordConfirmation'>>({});
  const [serverError, setServerError] = useState('');
  const [done, setDone] = useState(false);
  const email = params.get('email') ?? '';
  const expires = Number(params.get('expires'));
  const signature = params.get('signature') ?? '';
  const linkComplete = email !== '' && signature !== '' && Number.isInteger(expires) && expires > 0;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setServerError('');
    const found = problemsOf({
      password: checkNewPassword(password.value),
      passwordConfirmation: checkConfirmation(password.value, confirmation.value),
    });
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    try {
      await reset({ email, expires, signature, password: password.value, password_confirmation: confirmation.value }).unwrap();
      setDone(true);
    } catch (error) {
      setServerError(errorText(error));
    }
  };

  if (!linkComplete) {
    return (
      <Page as="main" width="narrow" gap="md">
        <PageTitle>{t('auth:reset.title')}</PageTitle>
        <Text>{t('auth:reset.badLink')}</Text>
        <Link href={AUTH_PATHS.passwordResetRequest}>{t('auth:reset.requestAgain')}</Link>
      </Page>
    );
  }

  return (
    <Page as="main" width="narrow" gap="md">
      <PageTitle>{t('auth:reset.title')}</PageTitle>
      <Stack as="form" noValidate onSubmit={onSubmit}>
        <TextField
          label={t('auth:fields.newPassword')}
          type="password"
          autoComplete="new-password"
          required
          value={password.value}
          onChange={password.onChange}
          error={problems.password && t(problems.password)}
        />
        <TextField
          label={t('auth:fields.passwordConfirmation')}
          type="password"
          autoComplete="new-password"
          required
          value={confirmation.value}
          onChange={confirmation.onChange}
          error={problems.passwordConfirmation && t(problems.passwordConfirmation)}
        />
        <FormMessage tone="error">{serverError}</FormMessage>
        <FormMessage tone="success">{done ? t('auth:reset.success') : ''}</FormMessage>
        <Button type="submit" loading={isLoading} disabled={done}>
          {t('auth:reset.submit')}
        </Button>
      </Stack>
      {done && <Link href={AUTH_PATHS.login}>{t('auth:reset.login')}</Link>}
    </Page>
  );
}
