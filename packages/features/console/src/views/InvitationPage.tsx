import { PASSWORD_MIN_LENGTH } from '@grandstand/contract';
import { useTranslation } from '@grandstand/i18n';
import { isApiError } from '@grandstand/store';
import { Button, ErrorPanel, FormMessage, Loader, PageTitle, Stack, Text, TextField } from '@grandstand/ui';
import { useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useAcceptInvitationMutation, useGetInvitationQuery } from '../consoleApi.ts';
import { CONSOLE_PATHS } from '../paths.ts';
import { useConsoleErrorText } from '../shared/errors.ts';
import { SignedOutFrame } from '../shared/SignedOutFrame.tsx';

/**
 * `/console/invitation/:token`, the link an owner's invitation mailed: a new operator chooses a
 * name and password; someone who already has an operator account confirms with its password.
 * Accepting gives the role and signs the person in.
 */
export function InvitationPage() {
  const { t } = useTranslation('console');
  const errorText = useConsoleErrorText();
  const navigate = useNavigate();
  const { token = '' } = useParams();
  const invitation = useGetInvitationQuery(token);
  const [accept, { isLoading }] = useAcceptInvitationMutation();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [problems, setProblems] = useState<{ name?: string; password?: string }>({});
  const [refusal, setRefusal] = useState('');

  if (invitation.isLoading) {
    return (
      <SignedOutFrame>
        <Loader label={t('loading')} />
      </SignedOutFrame>
    );
  }
  if (!invitation.data) {
    const gone = isApiError(invitation.error) && (invitation.error.status === 404 || invitation.error.status === 410 || invitation.error.status === 400);
    return (
      <SignedOutFrame>
        {gone ? (
          <ErrorPanel title={t('title')} message={t('invitation.invalid')} />
        ) : (
          <ErrorPanel title={t('title')} message={t('errors.generic')} actionLabel={t('retry')} onAction={() => void invitation.refetch()} />
        )}
      </SignedOutFrame>
    );
  }
  const info = invitation.data;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setRefusal('');
    const found = {
      name: !info.existingOperator && name.trim() === '' ? t('signIn.required') : undefined,
      password:
        password === '' ? t('signIn.required') : !info.existingOperator && password.length < PASSWORD_MIN_LENGTH ? t('invitation.tooShort', { count: PASSWORD_MIN_LENGTH }) : undefined,
    };
    setProblems(found);
    if (found.name ?? found.password) return;
    try {
      await accept({ token, body: info.existingOperator ? { password } : { name: name.trim(), password } }).unwrap();
      navigate(CONSOLE_PATHS.home, { replace: true });
    } catch (error) {
      setRefusal(errorText(error));
    }
  };

  return (
    <SignedOutFrame>
      <PageTitle>{t('invitation.title', { channel: info.channel.name })}</PageTitle>
      <Text>{t('invitation.intro', { channel: info.channel.name, role: t(`roles.${info.role}`), email: info.email })}</Text>
      {info.existingOperator && <Text>{t('invitation.existing')}</Text>}
      <Stack as="form" noValidate onSubmit={(event: FormEvent<HTMLFormElement>) => void onSubmit(event)}>
        {/* The address the password belongs to, for password managers. */}
        <input type="hidden" name="username" autoComplete="username" value={info.email} />
        {!info.existingOperator && (
          <TextField label={t('invitation.name')} autoComplete="name" required value={name} onChange={(event) => setName(event.target.value)} error={problems.name} />
        )}
        <TextField
          label={info.existingOperator ? t('invitation.existingPassword') : t('invitation.password')}
          hint={info.existingOperator ? undefined : t('invitation.passwordHint', { count: PASSWORD_MIN_LENGTH })}
          type="password"
          autoComplete={info.existingOperator ? 'current-password' : 'new-password'}
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={problems.password}
        />
        <FormMessage tone="error">{refusal}</FormMessage>
        <Button type="submit" loading={isLoading}>
          {t('invitation.accept')}
        </Button>
      </Stack>
    </SignedOutFrame>
  );
}
