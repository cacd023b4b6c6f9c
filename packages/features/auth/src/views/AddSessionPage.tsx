import { useErrorText, useTranslation } from '@grandstand/i18n';
import { addToast, isApiError, useAppDispatch, useGetEventQuery } from '@grandstand/store';
import { Button, FormMessage, Stack, Text, TextField } from '@grandstand/ui';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import styled from 'styled-components';
import { useAddSessionMutation, useSendToDeviceMutation } from '../authApi.ts';
import { AUTH_PATHS } from '../paths.ts';
import { useField } from '../shared/useField.ts';
import { checkRequired } from '../validation.ts';
import type { ValidationKey } from '../validation.ts';

const Section = styled.section`
  display: grid;
  gap: var(--gs-space-md);
  max-width: 28rem;
`;

const Heading = styled.h2`
  margin: 0;
  font-size: var(--gs-font-size-lg);
`;

const SubHeading = styled.h3`
  margin: 0;
  font-size: var(--gs-font-size-md);
`;

/** `?event=` as a game id, or null. */
function eventParam(value: string | null): number | null {
  if (value === null || !/^[1-9][0-9]{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= 2_147_483_647 ? id : null;
}

/** The machine code of a refusal, if it has one. */
export function refusalCode(error: unknown): string | undefined {
  return isApiError(error) ? error.code : undefined;
}

/** The field a refusal names, if any. */
function refusedField(error: unknown): string | undefined {
  return isApiError(error) ? error.field : undefined;
}

/**
 * `/profile/sessions/add`: a logged-in viewer enters the code a device (a TV) shows. The code may
 * come in the address (`?code=`, the TV's QR code), and the game the TV is to play (`?event=`,
 * "Watch on your TV" on a watch page). Once linked the viewer lands on their active orders (spec §2:
 * the link-device route goes there when the channel links devices on this site).
 */
export function AddSessionPage() {
  const { t } = useTranslation(['auth', 'validation', 'errors']);
  const errorText = useErrorText();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const eventId = eventParam(params.get('event'));
  const { data: event } = useGetEventQuery(eventId ?? 0, { skip: eventId === null });
  const [addSession, { isLoading }] = useAddSessionMutation();
  const [sendToDevice, sending] = useSendToDeviceMutation();
  const code = useField((params.get('code') ?? '').toUpperCase().slice(0, 16));
  const [problem, setProblem] = useState<ValidationKey | undefined>();
  const [serverError, setServerError] = useState('');
  const [sendError, setSendError] = useState('');
  const [sent, setSent] = useState(false);
  const deviceAddress = `${typeof window === 'undefined' ? '' : window.location.host}${AUTH_PATHS.device}`;

  const onSubmit = async (submitted: FormEvent<HTMLFormElement>) => {
    submitted.preventDefault();
    setServerError('');
    const found = checkRequired(code.value);
    setProblem(found);
    if (found) return;
    try {
      // Codes are shown in capitals; what is typed is matched the same way.
      await addSession({ code: code.value.trim().toUpperCase(), ...(eventId === null ? {} : { event_id: eventId }) }).unwrap();
      dispatch(addToast({ message: t(eventId === null ? 'auth:sessions.linkedToast' : 'auth:sessions.linkedPlayingToast'), type: 'success' }));
      navigate(AUTH_PATHS.profile);
    } catch (error) {
      if (refusalCode(error) === 'device_linking_off') setServerError(t('auth:device.off'));
      else if (refusedField(error) === 'code') setServerError(t('auth:sessions.invalid'));
      else setServerError(errorText(error));
    }
  };

  const onSend = async () => {
    if (eventId === null) return;
    setSendError('');
    setSent(false);
    try {
      await sendToDevice({ event_id: eventId }).unwrap();
      setSent(true);
    } catch (error) {
      const code = refusalCode(error);
      setSendError(code === 'no_linked_device' ? t('auth:sessions.noDevice') : code === 'device_linking_off' ? t('auth:device.off') : errorText(error));
    }
  };

  return (
    <Section aria-labelledby="link-device-title">
      <Heading id="link-device-title">{t('auth:sessions.title')}</Heading>
      {eventId !== null && <Text>{t('auth:sessions.game', { game: event?.name ?? t('auth:sessions.gameFallback') })}</Text>}
      <Text>{t('auth:sessions.text')}</Text>
      <Text>{t('auth:sessions.where', { address: deviceAddress })}</Text>
      <Stack as="form" noValidate onSubmit={onSubmit}>
        <TextField
          label={t('auth:fields.code')}
          autoComplete="one-time-code"
          autoCapitalize="characters"
          required
          value={code.value}
          onChange={code.onChange}
          error={problem && t(problem)}
        />
        <FormMessage tone="error">{serverError}</FormMessage>
        <Button type="submit" loading={isLoading}>
          {t('auth:sessions.submit')}
        </Button>
      </Stack>
      {eventId !== null && (
        <Stack aria-labelledby="send-to-tv-title">
          <SubHeading id="send-to-tv-title">{t('auth:sessions.sendTitle')}</SubHeading>
          <FormMessage tone="error">{sendError}</FormMessage>
          <FormMessage tone="success">{sent ? t('auth:sessions.sent') : ''}</FormMessage>
          <Button variant="secondary" onClick={() => void onSend()} loading={sending.isLoading}>
            {t('auth:sessions.send')}
          </Button>
        </Stack>
      )}
    </Section>
  );
}
