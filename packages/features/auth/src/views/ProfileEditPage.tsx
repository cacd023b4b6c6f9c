import { useTranslation } from '@grandstand/i18n';
import { selectUser, useAppSelector } from '@grandstand/store';
import { Button, FormMessage, Page, PageTitle, Stack, Text, TextField } from '@grandstand/ui';
import { useState } from 'react';
import { Navigate } from 'react-router';
import { useUpdateProfileMutation } from '../authApi.ts';
import type { ProfileUpdate } from '../authApi.ts';
import { AUTH_PATHS } from '../paths.ts';
import { PasswordField } from '../shared/PasswordField.tsx';
import { useAuthForm } from '../shared/useAuthForm.ts';
import { useField } from '../shared/useField.ts';
import { checkConfirmation, checkNewPassword, checkRequired } from '../validation.ts';

type Field = 'firstName' | 'lastName' | 'currentPassword' | 'password' | 'passwordConfirmation';

/**
 * `/profile/edit` (spec §2, §7: POST /profile with _method patch). A user with a temporary password
 * is kept here until a new one is chosen (spec §2), so the password part is then required.
 */
export function ProfileEditPage() {
  const { t } = useTranslation(['auth', 'validation', 'errors']);
  const user = useAppSelector(selectUser);
  const [update, { isLoading }] = useUpdateProfileMutation();
  const firstName = useField(user?.first_name ?? '');
  const lastName = useField(user?.last_name ?? '');
  const currentPassword = useField();
  const password = useField();
  const confirmation = useField();
  const form = useAuthForm<Field>();
  const [saved, setSaved] = useState(false);
  if (!user) return <Navigate to={AUTH_PATHS.login} replace />;
  const temporary = user.temporary_password;
  const changingPassword = temporary || password.value !== '' || currentPassword.value !== '';

  const onSubmit = form.submit(
    () => {
      setSaved(false);
      return {
        // spec §5: the profile names what is missing, as registration does.
        firstName: checkRequired(firstName.value, 'validation:firstNameRequired'),
        lastName: checkRequired(lastName.value, 'validation:lastNameRequired'),
        currentPassword: changingPassword ? checkRequired(currentPassword.value) : undefined,
        password: changingPassword ? checkNewPassword(password.value) : undefined,
        passwordConfirmation: changingPassword ? checkConfirmation(password.value, confirmation.value) : undefined,
      };
    },
    async () => {
      const body: ProfileUpdate = { first_name: firstName.value.trim(), last_name: lastName.value.trim() };
      if (changingPassword) {
        body.current_password = currentPassword.value;
        body.password = password.value;
        body.password_confirmation = confirmation.value;
      }
      await update(body).unwrap();
      setSaved(true);
      currentPassword.setValue('');
      password.setValue('');
      confirmation.setValue('');
    },
  );

  return (
    <Page width="narrow" gap="md">
      <PageTitle>{t('auth:edit.title')}</PageTitle>
      {temporary && <Text role="note">{t('auth:edit.temporary')}</Text>}
      <Stack as="form" noValidate onSubmit={onSubmit}>
        <fieldset>
          <legend>{t('auth:edit.names')}</legend>
          <TextField label={t('auth:fields.firstName')} autoComplete="given-name" required value={firstName.value} onChange={firstName.onChange} error={form.message('firstName')} />
          <TextField label={t('auth:fields.lastName')} autoComplete="family-name" required value={lastName.value} onChange={lastName.onChange} error={form.message('lastName')} />
        </fieldset>
        <fieldset>
          <legend>{t('auth:edit.password')}</legend>
          {!temporary && <Text>{t('auth:edit.passwordHint')}</Text>}
          <PasswordField
            label={t('auth:fields.currentPassword')}
            autoComplete="current-password"
            required={temporary}
            field={currentPassword}
            error={form.message('currentPassword')}
          />
          <PasswordField label={t('auth:fields.newPassword')} autoComplete="new-password" required={temporary} field={password} error={form.message('password')} />
          <PasswordField
            label={t('auth:fields.passwordConfirmation')}
            autoComplete="new-password"
            required={temporary}
            field={confirmation}
            error={form.message('passwordConfirmation')}
          />
        </fieldset>
        <FormMessage tone="error">{form.serverError}</FormMessage>
        <FormMessage tone="success">{saved ? t('auth:edit.saved') : ''}</FormMessage>
        <Button type="submit" loading={isLoading}>
          {t('auth:edit.submit')}
        </Button>
      </Stack>
    </Page>
  );
}
