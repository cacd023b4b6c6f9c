import { STORAGE_KEYS } from '@grandstand/api-client';
import type { SocialProvider as Provider } from '@grandstand/contract';
import { useErrorText, useTranslation } from '@grandstand/i18n';
import { channelApi, useClientStorage } from '@grandstand/store';
import { Button, ButtonLink, FormMessage, Link, Page, PageTitle, Stack, Text, TextField } from '@grandstand/ui';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useLoginMutation, useSocialLoginMutation } from '../authApi.ts';
import { AUTH_PATHS } from '../paths.ts';
import { useAfterLoginPath } from '../shared/afterLogin.ts';
import { Links } from '../shared/layout.ts';
import { PasswordField } from '../shared/PasswordField.tsx';
import { useAuthForm } from '../shared/useAuthForm.ts';
import { useField } from '../shared/useField.ts';
import { checkEmail, checkRequired } from '../validation.ts';

export interface LoginPageProps {
  /** The API base the social redirects start from; default '/api'. */
  apiBase?: string;
}

// The contract's providers (spec §3), as plain values: the site carries no schema code.
const PROVIDERS: readonly Provider[] = ['facebook', 'google'];

/** Completes a social login when the provider's callback sent the viewer back here. */
function useSocialCompletion(onError: (error: unknown) => void): boolean {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const afterLogin = useAfterLoginPath();
  const [socialLogin] = useSocialLoginMutation();
  const started = useRef(false);
  const provider = params.get('provider');
  const code = params.get('code');
  const state = params.get('state');
  const completing = provider !== null && code !== null && state !== null && (PROVIDERS as readonly string[]).includes(provider);

  useEffect(() => {
    if (!completing || started.current) return;
    // The code is single-use: a second render must not send it again.
    started.current = true;
    socialLogin({ provider: provider as Provider, code, state })
      .unwrap()
      .then(() => navigate(afterLogin, { replace: true }))
      .catch((error: unknown) => {
        onError(error);
        navigate(AUTH_PATHS.login, { replace: true });
      });
  }, [completing, provider, code, state, socialLogin, navigate, afterLogin, onError]);

  return completing;
}

/** `/login` (spec §2): email and password, or a social provider. */
export function LoginPage({ apiBase = '/api' }: LoginPageProps) {
  const { t } = useTranslation(['auth', 'validation', 'errors']);
  const errorText = useErrorText();
  const navigate = useNavigate();
  const afterLogin = useAfterLoginPath();
  const storage = useClientStorage();
  // Only the providers this channel has configured get a button.
  const { data: settings } = channelApi.useGetSettingsQuery();
  const offered = PROVIDERS.filter((provider) => settings?.social_providers?.includes(provider));
  const [login, { isLoading }] = useLoginMutation();
  const email = useField();
  const password = useField();
  const form = useAuthForm<'email' | 'password'>();
  const [onSocialError] = useState(() => (error: unknown) => form.setServerError(errorText(error)));
  const completing = useSocialCompletion(onSocialError);

  const onSubmit = form.submit(
    () => ({ email: checkEmail(email.value), password: checkRequired(password.value) }),
    async () => {
      await login({ email: email.value.trim(), password: password.value }).unwrap();
      navigate(afterLogin, { replace: true });
    },
  );

  if (completing) {
    return (
      <Page width="narrow" gap="md">
        <PageTitle>{t('auth:login.title')}</PageTitle>
        <Text role="status">{t('auth:login.completing')}</Text>
      </Page>
    );
  }

  // The provider redirect is a full page navigation; the state it carries names this api key.
  const apiKey = storage.get<string>(STORAGE_KEYS.apiKey) ?? '';
  return (
    <Page width="narrow" gap="md">
      <PageTitle>{t('auth:login.title')}</PageTitle>
      <Stack as="form" noValidate onSubmit={onSubmit}>
        <TextField
          label={t('auth:fields.email')}
          type="email"
          autoComplete="email"
          required
          value={email.value}
          onChange={email.onChange}
          error={form.message('email')}
        />
        <PasswordField label={t('auth:fields.password')} autoComplete="current-password" field={password} error={form.message('password')} />
        <FormMessage tone="error">{form.serverError}</FormMessage>
        <Button type="submit" loading={isLoading}>
          {t('auth:login.submit')}
        </Button>
      </Stack>
      <Links>
        <Link href={AUTH_PATHS.passwordResetRequest}>{t('auth:login.forgot')}</Link>
        <span>
          {t('auth:login.noAccount')} <Link href={AUTH_PATHS.registration}>{t('auth:login.register')}</Link>
        </span>
      </Links>
      {offered.length > 0 && <Text>{t('auth:login.or')}</Text>}
      {offered.map((provider) => (
        <ButtonLink
          key={provider}
          variant="secondary"
          external
          href={`${apiBase}/auth/login/${provider}?${new URLSearchParams({ api_key: apiKey }).toString()}`}
        >
          {t('auth:login.social', { provider: t(`auth:providers.${provider}`) })}
        </ButtonLink>
      ))}
    </Page>
  );
}
