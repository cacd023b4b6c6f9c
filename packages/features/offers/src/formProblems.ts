import { type RefObject, useRef, useState } from 'react';
import { errorField, useOffersErrorText } from './errors.ts';

/** What a form of the offers' screens shows wrong: each problem on its field, else one for the form. */
export interface FormProblems {
  /** The problems by field name. */
  problems: Record<string, string>;
  setProblems: (update: Record<string, string> | ((current: Record<string, string>) => Record<string, string>)) => void;
  /** A problem that belongs to no field of the form. */
  formError: string;
  formRef: RefObject<HTMLFormElement | null>;
  /** Shows what the form found before sending, the first field focused: true when anything was. */
  found: (problems: Record<string, string>) => boolean;
  /** Shows the server's refusal on the field it names when the form has it (focused), else on the form. */
  refused: (error: unknown) => void;
}

export function useFormProblems(): FormProblems {
  const errorText = useOffersErrorText();
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState('');
  const formRef = useRef<HTMLFormElement>(null);
  const fieldOf = (name: string) => formRef.current?.querySelector<HTMLElement>(`[name="${name}"]`) ?? null;
  return {
    problems,
    setProblems,
    formError,
    formRef,
    found(next) {
      setFormError('');
      setProblems(next);
      const first = Object.keys(next)[0];
      if (first !== undefined) fieldOf(first)?.focus();
      return first !== undefined;
    },
    refused(error) {
      const field = errorField(error);
      const text = errorText(error);
      const input = field ? fieldOf(field) : null;
      if (field && input) {
        setProblems({ [field]: text });
        input.focus();
      } else setFormError(text);
    },
  };
}
