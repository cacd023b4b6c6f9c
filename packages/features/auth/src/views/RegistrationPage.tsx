import { useErrorText, useTranslation } from '@grandstand/i18n';
import { Button, Checkbox, FormMessage, Link, Page, PageTitle, Stack, TextField } from '@grandstand/ui';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useRegisterMutation } from '../authApi.ts';
import { AUTH_PATHS } from '../paths.ts';
import { Links } from '../shared/layout.ts';
import { useField } from '../shared/useField.ts';
import { checkConfirmation, checkEmail, checkNewPassword, checkRequired, problemsOf } from '../validation.ts';
import type { Problems, ValidationKey } from '../validation.ts';

type Field = 'email' | 'password' | 'passwordConfirmation' | 'firstName' | 'lastName' | 'terms';

/** `/registration` (spec §2, §5): on success the viewer is asked to verify the address. */
export function RegistrationPage() {
  const { t } = useTranslation(['auth', 'validation', 'errors']);
  const errorText = useErrorText();
  const navigate = useNavigate();
  const [register, { isLoading }] = useRegisterMutation();
  const email = useField();
  const password = useField();
  const confirmation = useField();
  const firstName = useField();
  const lastName = useField();
  const [terms, setTerms] = useState(false);
  const [problems, setProblems] = useState<Problems<Field>>({});
  const [serverError, setServerError] = useState('');

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setServerError('');
    const found = problemsOf<Field>({
      email: checkEmail(email.value),
      password: checkNewPassword(password.value),
      passwordConfirmation: checkConfirmation(password.value, confirmation.value),
      firstName: checkRequired(firstName.value),
      lastName: checkRequired(lastName.value),
      terms: terms ? undefined : ('validation:acceptTerms' satisfies ValidationKey),
    });
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    try {
      await register({
        email: email.value.trim(),
        password: password.value,
        password_confirmation: confirmation.value,
        first_name: firstName.value.trim(),
        last_name: lastName.value.trim(),
        terms: true,
      }).unwrap();
      navigate(AUTH_PATHS.verifyNotice, { replace: true });
    } catch (error) {
      setServerError(errorText(error));
    }
  };

  const message = (field: Field) => {
    const key = problems[field];
    return key && t(key);
  };

  return (
    <Page as="main" width="narrow" gap="md">
      <PageTitle>{t('auth:registration.title')}</PageTitle>
      <Stack as="form" noValidate onSubmit={onSubmit}>
        <TextField label={t('auth:fields.email')} type="email" autoComplete="email" required value={email.value} onChange={email.onChange} error={message('email')} />
        <TextField
          label={t('auth:fields.password')}
          type="password"
          autoComplete="new-password"
          required
          value={password.value}
          onChange={password.onChange}
          error={message('password')}
        />
        <TextField
          label={t('auth:fields.passwordConfirmation')}
          type="password"
          autoComplete="new-password"
          required
          value={confirmation.value}
          onChange={confirmation.onChange}
          error={message('passwordConfirmation')}
        />
        <TextField
          label={t('auth:fields.firstName')}
          autoComplete="given-name"
          required
          value={firstName.value}
          onChange={firstName.onChange}
          error={message('firstName')}
        />
        <TextField
          label={t('auth:fields.lastName')}
          autoComplete="family-name"
          required
          value={lastName.value}
          onChange={lastName.onChange}
          error={message('lastName')}
        />
        <Checkbox label={t('auth:fields.terms')} required checked={terms} onChange={(event) => setTerms(event.target.checked)} error={message('terms')} />
        <FormMessage tone="error">{serverError}</FormMessage>
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
