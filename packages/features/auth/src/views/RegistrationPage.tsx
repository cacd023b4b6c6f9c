import { useTranslation } from '@grandstand/i18n';
import { Button, Checkbox, FormMessage, Link, Page, PageTitle, Stack, TextField } from '@grandstand/ui';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useRegisterMutation } from '../authApi.ts';
import { AUTH_PATHS } from '../paths.ts';
import { Links } from '../shared/layout.ts';
import { PasswordField } from '../shared/PasswordField.tsx';
import { useAuthForm } from '../shared/useAuthForm.ts';
import { useField } from '../shared/useField.ts';
import { checkConfirmation, checkEmail, checkNewPassword, checkRequired } from '../validation.ts';
import type { ValidationKey } from '../validation.ts';

type Field = 'email' | 'password' | 'passwordConfirmation' | 'firstName' | 'lastName' | 'terms';

/** `/registration` (spec §2, §5): on success the viewer is asked to verify the address. */
export function RegistrationPage() {
  const { t } = useTranslation(['auth', 'validation', 'errors']);
  const navigate = useNavigate();
  const [register, { isLoading }] = useRegisterMutation();
  const email = useField();
  const password = useField();
  const confirmation = useField();
  const firstName = useField();
  const lastName = useField();
  const [terms, setTerms] = useState(false);
  const form = useAuthForm<Field>();

  const onSubmit = form.submit(
    () => ({
      email: checkEmail(email.value),
      password: checkNewPassword(password.value),
      passwordConfirmation: checkConfirmation(password.value, confirmation.value),
      firstName: checkRequired(firstName.value),
      lastName: checkRequired(lastName.value),
      terms: terms ? undefined : ('validation:acceptTerms' satisfies ValidationKey),
    }),
    async () => {
      await register({
        email: email.value.trim(),
        password: password.value,
        password_confirmation: confirmation.value,
        first_name: firstName.value.trim(),
        last_name: lastName.value.trim(),
        terms: true,
      }).unwrap();
      navigate(AUTH_PATHS.verifyNotice, { replace: true });
    },
  );

  return (
    <Page as="main" width="narrow" gap="md">
      <PageTitle>{t('auth:registration.title')}</PageTitle>
      <Stack as="form" noValidate onSubmit={onSubmit}>
        <TextField label={t('auth:fields.email')} type="email" autoComplete="email" required value={email.value} onChange={email.onChange} error={form.message('email')} />
        <PasswordField label={t('auth:fields.password')} autoComplete="new-password" field={password} error={form.message('password')} />
        <PasswordField label={t('auth:fields.passwordConfirmation')} autoComplete="new-password" field={confirmation} error={form.message('passwordConfirmation')} />
        <TextField
          label={t('auth:fields.firstName')}
          autoComplete="given-name"
          required
          value={firstName.value}
          onChange={firstName.onChange}
          error={form.message('firstName')}
        />
        <TextField
          label={t('auth:fields.lastName')}
          autoComplete="family-name"
          required
          value={lastName.value}
          onChange={lastName.onChange}
          error={form.message('lastName')}
        />
        <Checkbox label={t('auth:fields.terms')} required checked={terms} onChange={(event) => setTerms(event.target.checked)} error={form.message('terms')} />
        <FormMessage tone="error">{form.serverError}</FormMessage>
        <Button type="submit" loading={isLoading}>
          {t('auth:registration.submit')}
        </Button>
      </Stack>
      <Links>
        {t('auth:registration.haveAccount')} <Link href={AUTH_PATHS.login}>{t('auth:registration.login')}</Link>
      </Links>
    </Page>
  );
}
