import { useErrorText, useTranslation } from '@grandstand/i18n';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { problemsOf } from '../validation.ts';
import type { Problems, ValidationKey } from '../validation.ts';

/**
 * What every account form keeps: the problems its fields have (spec §5 messages, in the viewer's
 * language) and the server's refusal. A submit checks the fields first and sends only when none has
 * a problem; a refusal becomes the form's message.
 */
export function useAuthForm<F extends string>() {
  const { t } = useTranslation(['auth', 'validation', 'errors']);
  const errorText = useErrorText();
  const [problems, setProblems] = useState<Problems<F>>({});
  const [serverError, setServerError] = useState('');

  /** The form's submit handler: `check` gives each field's problem, `send` runs when there is none. */
  const submit = (check: () => Record<F, ValidationKey | undefined>, send: () => Promise<void>) => async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setServerError('');
    const found = problemsOf(check());
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    try {
      await send();
    } catch (error) {
      setServerError(errorText(error));
    }
  };

  /** A field's problem in the viewer's language, if it has one. */
  const message = (field: F) => {
    const key: ValidationKey | undefined = problems[field];
    return key && t(key);
  };

  return { submit, message, serverError, setServerError };
}
