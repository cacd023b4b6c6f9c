import { useErrorText, useTranslation } from '@grandstand/i18n';
import { Button, FormMessage, Page, PageTitle, Stack, Text, TextField } from '@grandstand/ui';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { usePasswordResetRequestMutation } from '../authApi.ts';
import { useField } from '../shared/useField.ts';
import { checkEmail } from '../validation.ts';
import type { ValidationKey } from '../validation.ts';

/** `/password-reset-request` (spec §2): the server answers the same whether the email is known or not. */
export function PasswordResetRequestPage() {
  const { t } = useTranslation(['auth', 'validation', 'errors']);
  const errorText = useErrorText();
  const [requestReset, { isLoading }] = usePasswordResetRequestMutation();
  const email = useField();
  const [problem, setProblem] = useState<ValidationKey | undefined>();
  const [serverError, setServerError] = useState('');
  const [sent, setSent] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setServerError('');
    setSent(false);
    const found = checkEmail(email.value);
    setProblem(found);
    if (found) return;
    try {
      await requestReset({ email: email.value.trim() }).unwrap();
      setSent(true);
    } catch (error) {
      setServerError(errorText(error));
    }
  };

  return (
    <Page width="narrow" gap="md">
      <PageTitle>{t('auth:resetRequest.title')}</PageTitle>
      <Text>{t('auth:resetRequest.text')}</Text>
      <Stack as="form" noValidate onSubmit={onSubmit}>
        <TextField label={t('auth:fields.email')} type="email" autoComplete="email" required value={email.value} onChange={email.onChange} error={problem && t(problem)} />
        <FormMessage tone="error">{serverError}</FormMessage>
        <FormMessage tone="success">{sent ? t('auth:resetRequest.sent') : ''}</FormMessage>
        <Button type="submit" loading={isLoading}>
          {t('auth:resetRequest.submit')}
        </Button>
      </Stack>
    </Page>
  );
}
