import { AUTH_REFUSAL_CODES } from '@grandstand/contract';
import { useTranslation } from '@grandstand/i18n';
import type { SerializedApiError } from '@grandstand/store';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useVerifyEmailMutation } from '../authApi.ts';
import { AUTH_PATHS } from '../paths.ts';
import { FormMessage, Link, Page, PageTitle, Text } from '@grandstand/ui';

type Outcome = 'verifying' | 'verified' | 'alreadyVerified' | 'failed';

/** A refused link by the refusal's machine code (ApiErrorBody `code`), never by the server's words. */
function outcomeOf(error: unknown): Outcome {
  const code = typeof error === 'object' && error !== null ? (error as Partial<SerializedApiError>).code : undefined;
  return code === AUTH_REFUSAL_CODES.emailAlreadyVerified ? 'alreadyVerified' : 'failed';
}

/** `/verify-email?email=&expires=&signature=` (spec §2): the mailed link, checked by the server. */
export function VerifyEmailPage() {
  const { t } = useTranslation(['auth', 'errors']);
  const [params] = useSearchParams();
  const [verify] = useVerifyEmailMutation();
  const email = params.get('email') ?? '';
  const expires = Number(params.get('expires'));
  const signature = params.get('signature') ?? '';
  const linkComplete = email !== '' && signature !== '' && Number.isInteger(expires) && expires > 0;
  // An incomplete link fails without asking the server.
  const [answer, setOutcome] = useState<Outcome>('verifying');
  const outcome: Outcome = linkComplete ? answer : 'failed';
  const sent = useRef(false);

  useEffect(() => {
    // The link is checked once, even when React renders the page twice.
    if (sent.current || !linkComplete) return;
    sent.current = true;
    verify({ email, expires, signature })
      .unwrap()
      .then(() => setOutcome('verified'))
      .catch((error: unknown) => setOutcome(outcomeOf(error)));
  }, [verify, email, expires, signature, linkComplete]);

  return (
    <Page width="narrow" gap="md">
      <PageTitle>{t('auth:verifyEmail.title')}</PageTitle>
      {outcome === 'verifying' && <Text role="status">{t('auth:verifyEmail.verifying')}</Text>}
      <FormMessage tone="success">{outcome === 'verified' ? t('auth:verifyEmail.success') : ''}</FormMessage>
      {/* spec §8 user texts: "Verification your email address failed." / "Your email already verified." */}
      <FormMessage tone="error">
        {outcome === 'failed' ? t('errors:verificationFailed') : outcome === 'alreadyVerified' ? t('errors:alreadyVerified') : ''}
      </FormMessage>
      {outcome !== 'verifying' && (
        <Text>
          <Link href={AUTH_PATHS.login}>{t('auth:verifyEmail.login')}</Link>
        </Text>
      )}
    </Page>
  );
}
