import { STORAGE_KEYS } from '@grandstand/api-client';
import type { SocialProvider as Provider } from '@grandstand/contract';
import { useTranslation } from '@grandstand/i18n';
import { channelApi, useClientStorage } from '@grandstand/store';
import { Button, ButtonLink, Checkbox, FormMessage, Link, Page, PageTitle, Stack, Text, TextField } from '@grandstand/ui';
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

// The contract's providers (spec §3), as plain values: the site carries no schema code.
const PROVIDERS: readonly Provider[] = ['facebook', 'google'];

export interface RegistrationPageProps {
  /** The API base the social redirects start from; default '/api'. */
  apiBase?: string;
}

/**
 * `/registration` (spec §2, §5): on success the viewer is asked to verify the address. A social
 * provider registers too (spec §3 auth mode `registration`), once the terms are ticked: an address
 * with no account gets one only this way (the login page's sign-in asks for the terms first).
 */
export function RegistrationPage({ apiBase = '/api' }: RegistrationPageProps) {
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
  const storage = useClientStorage();
  const { data: settings } = channelApi.useGetSettingsQuery();
  const offered = PROVIDERS.filter((provider) => settings?.social_providers?.includes(provider));
  // A provider pressed before the terms were ticked: the box says what it needs.
  const [socialNeedsTerms, setSocialNeedsTerms] = useState(false);

  const onSubmit = form.submit(
    () => ({
      // spec §5: registration names what is missing.
      email: checkEmail(email.value, 'validation:emailRequired'),
      password: checkNewPassword(password.value),
      passwordConfirmation: checkConfirmation(password.value, confirmation.value),
      firstName: checkRequired(firstName.value, 'validation:firstNameRequired'),
      lastName: checkRequired(lastName.value, 'validation:lastNameRequired'),
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
    <Page width="narrow" gap="md">
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
        <Checkbox
          label={t('auth:fields.terms')}
          required
          checked={terms}
          onChange={(event) => setTerms(event.target.checked)}
          error={form.message('terms') ?? (socialNeedsTerms && !terms ? t('validation:acceptTerms') : undefined)}
        />
        <FormMessage tone="error">{form.serverError}</FormMessage>
        <Button type="submit" loading={isLoading}>
          {t('auth:registration.submit')}
        </Button>
      </Stack>
      <Links>
        {t('auth:registration.haveAccount')} <Link href={AUTH_PATHS.login}>{t('auth:registration.login')}</Link>
      </Links>
      {offered.length > 0 && <Text>{t('auth:login.or')}</Text>}
      {offered.map((provider) => {
        const label = t('auth:login.social', { provider: t(`auth:providers.${provider}`) });
        if (!terms) {
          return (
            <Button key={provider} type="button" variant="secondary" onClick={() => setSocialNeedsTerms(true)}>
              {label}
            </Button>
          );
        }
        // The provider redirect is a full page navigation; the state it carries names this api key.
        const query = new URLSearchParams({ api_key: storage.get<string>(STORAGE_KEYS.apiKey) ?? '', mode: 'registration' });
        return (
          <ButtonLink key={provider} variant="secondary" external href={`${apiBase}/auth/login/${provider}?${query.toString()}`}>
            {label}
          </ButtonLink>
        );
      })}
    </Page>
  );
}
