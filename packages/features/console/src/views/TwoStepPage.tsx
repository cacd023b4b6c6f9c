import type { TotpSetupResponse } from '@grandstand/contract';
import { useTranslation } from '@grandstand/i18n';
import { Button, Card, FormMessage, PageTitle, Stack, Text, TextField } from '@grandstand/ui';
import { QRCodeSVG } from 'qrcode.react';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import styled from 'styled-components';
import { useDisableTotpMutation, useEnableTotpMutation, useStartTotpSetupMutation } from '../consoleApi.ts';
import { CONSOLE_PATHS } from '../paths.ts';
import { useConsoleErrorText } from '../shared/errors.ts';
import { Secret } from '../shared/layout.ts';
import { useConsoleOperator } from '../shared/operator.tsx';

function CodeField({ label, value, onChange, error }: { label: string; value: string; onChange: (value: string) => void; error?: string }) {
  return (
    <TextField
      label={label}
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9 ]*"
      maxLength={16}
      required
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error}
    />
  );
}

/**
 * A form that sends one authenticator code: checked for presence first, cleared and explained when
 * the server refuses it (a code is good once, so the next try needs the next code).
 */
function useCodeForm(send: (code: string) => Promise<void>) {
  const { t } = useTranslation('console');
  const errorText = useConsoleErrorText();
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState('');
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setProblem('');
    if (code.trim() === '') {
      setProblem(t('signIn.required'));
      return;
    }
    try {
      await send(code.trim());
    } catch (error) {
      setCode('');
      setProblem(errorText(error));
    }
  };
  return { code, setCode, problem, setProblem, onSubmit: (event: FormEvent<HTMLFormElement>) => void onSubmit(event) };
}

/** The set-up: a key (as a QR code and as text) the operator adds to an app, then a code from the app to prove it. */
function Setup({ onEnabled }: { onEnabled: () => void }) {
  const { t } = useTranslation('console');
  const errorText = useConsoleErrorText();
  const [start, started] = useStartTotpSetupMutation();
  const [enable, enabling] = useEnableTotpMutation();
  const [setup, setSetup] = useState<TotpSetupResponse | null>(null);
  const { code, setCode, problem, setProblem, onSubmit } = useCodeForm(async (typed) => {
    await enable({ code: typed }).unwrap();
    onEnabled();
  });

  if (!setup) {
    return (
      <Stack gap="sm">
        <div>
          <Button
            type="button"
            loading={started.isLoading}
            onClick={() => {
              setProblem('');
              start()
                .unwrap()
                .then(setSetup)
                .catch((error: unknown) => setProblem(errorText(error)));
            }}
          >
            {t('totp.start')}
          </Button>
        </div>
        <FormMessage tone="error">{problem}</FormMessage>
      </Stack>
    );
  }

  return (
    <Card gap="md">
      <Text>{t('totp.scan')}</Text>
      <QrFrame>
        {/* Dark on white whatever the channel's colours: cameras read a QR code best that way. */}
        <QRCodeSVG value={setup.otpauthUri} size={192} marginSize={2} bgColor="#ffffff" fgColor="#000000" role="img" aria-label={t('totp.qr')} />
      </QrFrame>
      <Text>{t('totp.manual')}</Text>
      <Secret aria-label={t('totp.manual')}>{setup.secret}</Secret>
      <Stack as="form" noValidate onSubmit={onSubmit}>
        <CodeField label={t('totp.confirm')} value={code} onChange={setCode} error={problem || undefined} />
        <div>
          <Button type="submit" loading={enabling.isLoading}>
            {t('totp.enable')}
          </Button>
        </div>
      </Stack>
    </Card>
  );
}

/** Turning the second factor off takes a current code, so a session left open cannot do it alone. */
function Disable() {
  const { t } = useTranslation('console');
  const [disable, { isLoading }] = useDisableTotpMutation();
  const [done, setDone] = useState('');
  const { code, setCode, problem, onSubmit } = useCodeForm(async (typed) => {
    await disable({ code: typed }).unwrap();
    setDone(t('totp.disabled'));
  });

  return (
    <Stack as="form" noValidate onSubmit={onSubmit}>
      <CodeField label={t('totp.disableCode')} value={code} onChange={setCode} error={problem || undefined} />
      <div>
        <Button type="submit" variant="secondary" loading={isLoading}>
          {t('totp.disable')}
        </Button>
      </div>
      <FormMessage tone="success">{done}</FormMessage>
    </Stack>
  );
}

/**
 * `/console/account/two-step`: the operator's own second factor (TOTP). Set up with a QR code and
 * a first code; turned off with a code unless the channel requires it. While the channel requires
 * it and the operator has none, this is the only page the shell opens.
 */
export function TwoStepPage() {
  const { t } = useTranslation('console');
  const operator = useConsoleOperator();
  const navigate = useNavigate();
  const [enabledNow, setEnabledNow] = useState(false);
  return (
    <Stack gap="lg">
      <PageTitle>{t('totp.title')}</PageTitle>
      {operator.totpSetupRequired && <Text role="note">{t('totp.required', { channel: operator.channel.name })}</Text>}
      <FormMessage tone="success">{enabledNow ? t('totp.enabled') : ''}</FormMessage>
      {operator.totpEnabled ? (
        <>
          <Text>{t('totp.on')}</Text>
          <Disable />
        </>
      ) : (
        <>
          {!operator.totpSetupRequired && <Text>{t('totp.off')}</Text>}
          <Setup
            onEnabled={() => {
              setEnabledNow(true);
              // The set-up was what stood between the operator and the control room.
              if (operator.totpSetupRequired) navigate(CONSOLE_PATHS.home, { replace: true });
            }}
          />
        </>
      )}
    </Stack>
  );
}

const QrFrame = styled.div`
  width: fit-content;
  line-height: 0;
  background: #ffffff;
  border-radius: var(--gs-radius-sm);
`;
