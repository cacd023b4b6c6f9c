import { useErrorText, useTranslation } from '@grandstand/i18n';
import { Button, FormMessage, Stack, Text, TextField } from '@grandstand/ui';
import { useState } from 'react';
import type { FormEvent } from 'react';
import styled from 'styled-components';
import { useAddSessionMutation } from '../authApi.ts';
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

/** `/profile/sessions/add`: a logged-in viewer enters the code a device shows. */
export function AddSessionPage() {
  const { t } = useTranslation(['auth', 'validation', 'errors']);
  const errorText = useErrorText();
  const [addSession, { isLoading }] = useAddSessionMutation();
  const code = useField();
  const [problem, setProblem] = useState<ValidationKey | undefined>();
  const [serverError, setServerError] = useState('');
  const [linked, setLinked] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setServerError('');
    setLinked(false);
    const found = checkRequired(code.value);
    setProblem(found);
    if (found) return;
    try {
      // Codes are shown in capitals; what is typed is matched the same way.
      await addSession({ code: code.value.trim().toUpperCase() }).unwrap();
      setLinked(true);
      code.setValue('');
    } catch (error) {
      setServerError(errorText(error));
    }
  };

  return (
    <Section aria-labelledby="link-device-title">
      <Heading id="link-device-title">{t('auth:sessions.title')}</Heading>
      <Text>{t('auth:sessions.text')}</Text>
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
        <FormMessage tone="success">{linked ? t('auth:sessions.success') : ''}</FormMessage>
        <Button type="submit" loading={isLoading}>
          {t('auth:sessions.submit')}
        </Button>
      </Stack>
    </Section>
  );
}
