import { useErrorText, useTranslation } from '@grandstand/i18n';
import { formatTime } from '@grandstand/i18n';
import { selectUser, useAppSelector, useGetProfileQuery } from '@grandstand/store';
import { Button, FormMessage, Link, Page, PageTitle, Text } from '@grandstand/ui';
import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { useRequestDeviceCodeMutation } from '../authApi.ts';

/** How often the device asks whether its session was linked (device page). */
export const DEVICE_POLL_MS = 3_000;

const Code = styled.p`
  margin: 0;
  font-size: var(--gs-font-size-display);
  font-weight: var(--gs-font-weight-bold);
  letter-spacing: 0.2em;
  font-variant-numeric: tabular-nums;
`;

/**
 * `/device`: the device asks for a short, expiring code, shows it, and asks the profile
 * with its own key every 3 s. Once a viewer enters the code at /profile/sessions/add, the key is
 * that viewer's session: the profile answers the user and the site plays as them.
 */
export function DevicePage() {
  const { t, i18n } = useTranslation(['auth', 'errors']);
  const errorText = useErrorText();
  const user = useAppSelector(selectUser);
  const [requestCode, { data: code, error, isLoading }] = useRequestDeviceCodeMutation();
  const [now, setNow] = useState(() => Date.now());
  const requested = useRef(false);
  const expired = code !== undefined && now >= code.expires_at * 1000;
  // The profile answers 401 until the code is used; the profile call tolerates that quietly (spec §8).
  useGetProfileQuery(undefined, { pollingInterval: DEVICE_POLL_MS, skip: user !== null || code === undefined || expired, skipPollingIfUnfocused: false });

  useEffect(() => {
    if (user || requested.current) return;
    requested.current = true;
    void requestCode();
  }, [user, requestCode]);

  useEffect(() => {
    if (!code || user) return;
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, [code, user]);

  if (user) {
    return (
      <Page as="main" width="narrow" gap="md">
        <PageTitle>{t('auth:device.title')}</PageTitle>
        <FormMessage tone="success">{t('auth:device.linked', { email: user.email })}</FormMessage>
        <Link href="/">{t('auth:device.watch')}</Link>
      </Page>
    );
  }

  return (
    <Page as="main" width="narrow" gap="md">
      <PageTitle>{t('auth:device.title')}</PageTitle>
      {isLoading && <Text role="status">{t('auth:device.requesting')}</Text>}
      {code && !expired && (
        <>
          <Text>{t('auth:device.text')}</Text>
          <Code aria-label={t('auth:device.codeLabel')}>{code.code}</Code>
          <Text>{t('auth:device.expires', { time: formatTime(code.expires_at * 1000, i18n.language) })}</Text>
        </>
      )}
      {expired && <Text role="status">{t('auth:device.expired')}</Text>}
      <FormMessage tone="error">{error ? errorText(error) : ''}</FormMessage>
      {(expired || error) && (
        <div>
          <Button onClick={() => void requestCode()}>{t('auth:device.newCode')}</Button>
        </div>
      )}
    </Page>
  );
}
