import { useErrorText, useTranslation } from '@grandstand/i18n';
import { selectUser, useAppSelector } from '@grandstand/store';
import { Button, FormMessage, Link, Page, PageTitle, Stack, Text, TextField } from '@grandstand/ui';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { useDeleteAccountMutation } from '../authApi.ts';
import { AUTH_PATHS } from '../paths.ts';
import { Links } from '../shared/layout.ts';
import { useField } from '../shared/useField.ts';
import { checkRequired } from '../validation.ts';
import type { ValidationKey } from '../validation.ts';

/** `/confirm-account-deletion` (spec §2, §7 POST /delete-account-confirm): the password confirms. */
export function ConfirmAccountDeletionPage() {
  const { t } = useTranslation(['auth', 'validation', 'errors']);
  const errorText = useErrorText();
  const user = useAppSelector(selectUser);
  const navigate = useNavigate();
  const [deleteAccount, { isLoading }] = useDeleteAccountMutation();
  const password = useField();
  const [problem, setProblem] = useState<ValidationKey | undefined>();
  const [serverError, setServerError] = useState('');
  const [deleted, setDeleted] = useState(false);
  // After the deletion the session is gone; the viewer is on the way home, not to the login.
  if (!user && !deleted) return <Navigate to={AUTH_PATHS.login} replace />;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setServerError('');
    const found = checkRequired(password.value);
    setProblem(found);
    if (found) return;
    try {
      await deleteAccount({ password: password.value }).unwrap();
      setDeleted(true);
      navigate('/', { replace: true });
    } catch (error) {
      setServerError(errorText(error));
    }
  };

  return (
    <Page as="main" width="narrow" gap="md">
      <PageTitle>{t('auth:deletion.title')}</PageTitle>
      <Text>{t('auth:deletion.text')}</Text>
      <Stack as="form" noValidate onSubmit={onSubmit}>
        <TextField
          label={t('auth:fields.password')}
          type="password"
          autoComplete="current-password"
          required
          value={password.value}
          onChange={password.onChange}
          error={problem && t(problem)}
        />
        <FormMessage tone="error">{serverError}</FormMessage>
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
