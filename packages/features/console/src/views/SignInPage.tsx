import { CONSOLE_CODES } from '@grandstand/contract';
import { useTranslation } from '@grandstand/i18n';
import { Button, FormMessage, PageTitle, Stack, Text, TextField } from '@grandstand/ui';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useSignInMutation } from '../consoleApi.ts';
import { CONSOLE_PATHS } from '../paths.ts';
import { consoleCodeOf, useConsoleErrorText } from '../shared/errors.ts';
import { useConsoleChannel } from '../shared/operator.tsx';
import { SignedOutFrame } from '../shared/SignedOutFrame.tsx';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Where the shell sent the operator from, if it was a page of the console. */
function useReturnPath(): string {
  const { state } = useLocation() as { state: { from?: unknown } | null };
  const from = state?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && from !== CONSOLE_PATHS.signIn ? from : CONSOLE_PATHS.home;
}

/**
 * `/console/sign-in`: an operator's email and password, apart from the viewers' sign-in; then,
 * when their account has the second factor on, the code from their authenticator app.
 */
export function SignInPage() {
  const { t } = useTranslation('console');
  const errorText = useConsoleErrorText();
  const channel = useConsoleChannel();
  const navigate = useNavigate();
  const returnPath = useReturnPath();
  const [signIn, { isLoading }] = useSignInMutation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [step, setStep] = useState<'password' | 'code'>('password');
  const [problems, setProblems] = useState<{ email?: string; password?: string; code?: string }>({});
  const [refusal, setRefusal] = useState('');
  const codeRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (step === 'code') codeRef.current?.focus();
  }, [step]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setRefusal('');
    const found = {
      email: email.trim() === '' ? t('signIn.required') : EMAIL.test(email.trim()) ? undefined : t('signIn.badEmail'),
      password: password === '' ? t('signIn.required') : undefined,
      code: step === 'code' && code.trim() === '' ? t('signIn.required') : undefined,
    };
    setProblems(found);
    if (found.email ?? found.password ?? found.code) return;
    try {
      await signIn({ email: email.trim(), password, ...(step === 'code' ? { code: code.trim() } : {}) }).unwrap();
      navigate(returnPath, { replace: true });
    } catch (error) {
      const refused = consoleCodeOf(error);
      if (refused === CONSOLE_CODES.totpRequired) {
        // The password was right: the same form asks for the code and sends both again.
        setStep('code');
        return;
      }
      if (refused === CONSOLE_CODES.totpInvalid) {
        setCode('');
        setProblems({ code: errorText(error) });
        codeRef.current?.focus();
        return;
      }
      setRefusal(errorText(error));
    }
  };

  return (
    <SignedOutFrame>
      <PageTitle>{t('signIn.title', { channel: channel?.name ?? t('title') })}</PageTitle>
      <Text tone="muted">{step === 'code' ? t('signIn.codeStep') : t('signIn.intro')}</Text>
      <Stack as="form" noValidate onSubmit={(event: FormEvent<HTMLFormElement>) => void onSubmit(event)}>
        {step === 'password' ? (
          <>
            <TextField
              label={t('signIn.email')}
              type="email"
              autoComplete="username"
              required
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              error={problems.email}
            />
            <TextField
              label={t('signIn.password')}
              type="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              error={problems.password}
            />
          </>
        ) : (
          <TextField
            ref={codeRef}
            label={t('signIn.code')}
            hint={t('signIn.codeHint')}
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9 ]*"
            maxLength={16}
            required
            value={code}
            onChange={(event) => setCode(event.target.value)}
            error={problems.code}
          />
        )}
        <FormMessage tone="error">{refusal}</FormMessage>
        <Button type="submit" loading={isLoading}>
          {step === 'code' ? t('signIn.verify') : t('signIn.submit')}
        </Button>
        {step === 'code' && (
          <Button
            type="button"
            variant="ghost"
            onClick={() => {
              setStep('password');
              setCode('');
              setPassword('');
              setProblems({});
            }}
          >
            {t('signIn.back')}
          </Button>
        )}
      </Stack>
    </SignedOutFrame>
  );
}
