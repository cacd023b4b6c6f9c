import { useErrorText, useTranslation } from '@grandstand/i18n';
import { formatTime } from '@grandstand/i18n';
import { selectUser, useAppSelector, useGetProfileQuery } from '@grandstand/store';
import { Button, FormMessage, Link, Page, Text } from '@grandstand/ui';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useRef, useState, type ComponentType } from 'react';
import styled from 'styled-components';
import { useGetDeviceNextQuery, useRequestDeviceCodeMutation } from '../authApi.ts';
import { AUTH_PATHS } from '../paths.ts';
import { refusalCode } from './AddSessionPage.tsx';

/** How often the device asks whether its session was linked, then what to play (device page). */
export const DEVICE_POLL_MS = 3_000;

/** What the device page becomes once its viewer chose a game: the site's player for that event. */
export type DevicePlayer = ComponentType<{ eventId: number }>;

export interface DevicePageProps {
  /** The player the page becomes once linked (the site passes the watch page's); without it, a link to the game. */
  Player?: DevicePlayer | undefined;
  /** How often to ask (ms); tests shorten it. */
  pollMs?: number | undefined;
}

/** Read from across a room: a TV is watched from a sofa, so the page's type is large. */
const Screen = styled(Page)`
  font-size: clamp(1.125rem, 1rem + 1vw, 1.75rem);
  text-align: center;
  justify-items: center;

  h1 {
    margin: 0;
    font-size: clamp(1.75rem, 1.2rem + 2.5vw, 3.5rem);
    line-height: 1.15;
  }
  p {
    margin: 0;
    max-width: 40ch;
  }
`;

const Code = styled.p`
  font-size: clamp(2.25rem, 1rem + 8vw, 6rem);
  font-weight: var(--gs-font-weight-bold);
  letter-spacing: 0.12em;
  font-variant-numeric: tabular-nums;
  font-family: ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace;
  line-height: 1.1;
  overflow-wrap: anywhere;
`;

const Steps = styled.div`
  display: grid;
  gap: var(--gs-space-lg);
  align-items: center;
  justify-items: center;
  width: 100%;

  @media (min-width: 48rem) {
    grid-template-columns: auto minmax(0, 1fr);
    text-align: start;
    justify-items: start;
  }
`;

/** A QR code needs its quiet zone and dark-on-light contrast in either theme. */
const QrFrame = styled.figure`
  margin: 0;
  padding: var(--gs-space-md);
  background: #fff;
  border-radius: var(--gs-radius-md, 8px);
  line-height: 0;

  svg {
    width: clamp(9rem, 30vw, 14rem);
    height: auto;
  }
`;

const Address = styled.strong`
  overflow-wrap: anywhere;
`;

/** The link address a phone opens to enter this device's code: the code comes along, so a scan fills it in. */
export function linkAddress(origin: string, code: string): string {
  return `${origin}${AUTH_PATHS.linkDevice}?${new URLSearchParams({ code })}`;
}

/**
 * `/device` (spec §1 "Link another device with a code"): a TV's browser asks for a short, expiring
 * code and shows it in large type with a QR code of the link address, and asks the profile with its
 * own key until a viewer enters the code on their phone (/profile/sessions/add). Then the page is
 * that viewer's, and becomes the player of the game they choose ("Watch on your TV").
 */
export function DevicePage({ Player, pollMs = DEVICE_POLL_MS }: DevicePageProps) {
  const user = useAppSelector(selectUser);
  return user ? <LinkedDevice email={user.email} Player={Player} pollMs={pollMs} /> : <CodeScreen pollMs={pollMs} />;
}

function CodeScreen({ pollMs }: { pollMs: number }) {
  const { t, i18n } = useTranslation(['auth', 'errors']);
  const errorText = useErrorText();
  const [requestCode, { data: code, error, isLoading }] = useRequestDeviceCodeMutation();
  const [now, setNow] = useState(() => Date.now());
  const requested = useRef(false);
  const expired = code !== undefined && now >= code.expires_at * 1000;
  // The profile answers 401 until the code is used; the profile call tolerates that quietly (spec §8).
  useGetProfileQuery(undefined, { pollingInterval: pollMs, skip: code === undefined || expired, skipPollingIfUnfocused: false });

  useEffect(() => {
    if (requested.current) return;
    requested.current = true;
    void requestCode();
  }, [requestCode]);

  useEffect(() => {
    if (!code) return;
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, [code]);

  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  const address = `${origin.replace(/^https?:\/\//, '')}${AUTH_PATHS.linkDevice}`;
  return (
    <Screen width="reading" gap="lg">
      <h1>{t('auth:device.title')}</h1>
      {isLoading && <Text role="status">{t('auth:device.requesting')}</Text>}
      {code && !expired && (
        <>
          <Code aria-label={t('auth:device.codeLabel')}>{code.code}</Code>
          <Steps>
            <QrFrame>
              <QRCodeSVG value={linkAddress(origin, code.code)} size={224} level="M" marginSize={0} title={t('auth:device.qr')} role="img" />
            </QrFrame>
            <div>
              <p>{t('auth:device.scan')}</p>
              <p>
                {t('auth:device.orOpen')} <Address>{address}</Address>
              </p>
              <p>{t('auth:device.where')}</p>
            </div>
          </Steps>
          <Text>{t('auth:device.expires', { time: formatTime(code.expires_at * 1000, i18n.language) })}</Text>
        </>
      )}
      {expired && <Text role="status">{t('auth:device.expired')}</Text>}
      <FormMessage tone="error">{error ? (refusalCode(error) === 'device_linking_off' ? t('auth:device.off') : errorText(error)) : ''}</FormMessage>
      {(expired || (error && refusalCode(error) !== 'device_linking_off')) && (
        <div>
          <Button onClick={() => void requestCode()}>{t('auth:device.newCode')}</Button>
        </div>
      )}
    </Screen>
  );
}

function LinkedDevice({ email, Player, pollMs }: { email: string; Player: DevicePlayer | undefined; pollMs: number }) {
  const { t } = useTranslation(['auth']);
  // What the viewer chose last ("Watch on your TV" on their phone), asked again every few seconds.
  const { data: eventId } = useGetDeviceNextQuery(undefined, { pollingInterval: pollMs, skipPollingIfUnfocused: false });
  if (eventId != null && Player) return <Player key={eventId} eventId={eventId} />;
  return (
    <Screen width="reading" gap="lg">
      <h1>{t('auth:device.title')}</h1>
      <FormMessage tone="success">{t('auth:device.linked', { email })}</FormMessage>
      {eventId != null ? (
        <Link href={`/watch/${eventId}`}>{t('auth:device.watch')}</Link>
      ) : (
        <>
          <p role="status">{t('auth:device.choose')}</p>
          <Link href="/">{t('auth:device.browse')}</Link>
        </>
      )}
    </Screen>
  );
}
