import { checkCustomForm, checkCustomFormField, customFormMaxLength, emptyCustomFormValues } from '@grandstand/contract';
import type { CustomForm, CustomFormField, CustomFormProblem, CustomFormValues } from '@grandstand/contract';
import { serverMessageKey, useTranslation } from '@grandstand/i18n';
import { isApiError } from '@grandstand/store';
import { Button, Checkbox, Select, TextArea, TextField } from '@grandstand/ui';
import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useSubmitCustomFormMutation } from '../../contentApi.ts';
import { Actions, Form, Note, ServerError, Success } from './CustomFormView.styles.ts';

export interface CustomFormViewProps {
  form: CustomForm;
}

/**
 * A channel's custom form (spec §3: custom form data per alias): one control per field type,
 * checked with the rules of spec §5 before it is sent (the contract's, which the server checks
 * again), then POST /custom-forms/{alias}.
 */
export function CustomFormView({ form }: CustomFormViewProps) {
  const { t } = useTranslation(['content', 'validation', 'errors']);
  const [submit, { isLoading: sending }] = useSubmitCustomFormMutation();
  const [values, setValues] = useState<CustomFormValues>(() => emptyCustomFormValues(form.fields));
  const [problems, setProblems] = useState<Record<string, CustomFormProblem | { kind: 'server'; message: string }>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const idBase = useId();
  const controlId = (field: CustomFormField) => `${idBase}-${field.name}`;

  const messageOf = (problem: CustomFormProblem | { kind: 'server'; message: string } | undefined): string | undefined => {
    if (!problem) return undefined;
    switch (problem.kind) {
      case 'required':
        return t('validation:required');
      case 'email':
        return t('validation:email');
      case 'phone':
        return t('validation:phone');
      case 'option':
        return t('content:form.option');
      case 'maxLength':
        return t('validation:maxLength', { number: problem.number });
      case 'server':
        return problem.message;
      // Only a request not made by these controls sends the wrong type.
      case 'notText':
      case 'notBoolean':
        return t('errors:somethingWrong');
    }
  };

  const change = (field: CustomFormField, value: string | boolean) => {
    setValues((current) => ({ ...current, [field.name]: value }));
    setSent(false);
    // Once a field is marked, its message follows what is typed, so the viewer sees it fixed.
    if (problems[field.name]) {
      setProblems((current) => {
        const { [field.name]: _previous, ...rest } = current;
        const problem = checkCustomFormField(field, value);
        return problem ? { ...rest, [field.name]: problem } : rest;
      });
    }
  };

  const focusField = (name: string) => {
    const field = form.fields.find((candidate) => candidate.name === name);
    if (field) formRef.current?.querySelector<HTMLElement>(`[id="${CSS.escape(controlId(field))}"]`)?.focus();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    setServerError(null);
    setSent(false);
    const found = checkCustomForm(form.fields, values);
    setProblems(found);
    const first = form.fields.find((field) => found[field.name]);
    if (first) {
      focusField(first.name);
      return;
    }
    const trimmed = Object.fromEntries(Object.entries(values).map(([name, value]) => [name, typeof value === 'string' ? value.trim() : value]));
    try {
      await submit({ alias: form.alias, values: trimmed }).unwrap();
      setValues(emptyCustomFormValues(form.fields));
      setProblems({});
      setSent(true);
    } catch (error) {
      const apiError = isApiError(error) ? error : null;
      const status = apiError?.status ?? null;
      // A 4xx names what is wrong (developers' guide); anything else is the generic text of spec §8.
      const known = apiError ? serverMessageKey(apiError.message) : undefined;
      const message = known ? t(known) : status !== null && status >= 400 && status < 500 && apiError ? apiError.message : t('errors:somethingWrong');
      setServerError(message);
      if (apiError?.field && form.fields.some((field) => field.name === apiError.field)) {
        setProblems({ [apiError.field]: { kind: 'server', message } });
        focusField(apiError.field);
      }
    }
  };

  const required = form.fields.some((field) => field.required);

  return (
    <Form ref={formRef} noValidate aria-busy={sending || undefined} onSubmit={(event) => void onSubmit(event)}>
      {required && <Note>{t('content:form.requiredNote')}</Note>}
      {form.fields.map((field) => {
        const value = values[field.name];
        // What every kind of control says of its field; a text-valued one also its text and edits.
        const control = { id: controlId(field), name: field.name, label: field.label, required: field.required, error: messageOf(problems[field.name]) };
        const text = {
          ...control,
          value: typeof value === 'string' ? value : '',
          onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => change(field, event.target.value),
        };
        switch (field.type) {
          case 'textarea':
            return <TextArea key={field.name} {...text} rows={6} maxLength={customFormMaxLength(field)} />;
          case 'select':
            return (
              <Select
                key={field.name}
                {...text}
                placeholder={t('content:form.choose')}
                options={(field.options ?? []).map((option) => ({ value: option, label: option }))}
              />
            );
          case 'checkbox':
            return <Checkbox key={field.name} {...control} checked={value === true} onChange={(event) => change(field, event.target.checked)} />;
          default:
            return <TextField key={field.name} {...text} maxLength={customFormMaxLength(field)} {...inputKind(field)} />;
        }
      })}
      <ServerError role="alert">{serverError}</ServerError>
      <Actions>
        <Button type="submit" loading={sending}>
          {sending ? t('content:form.sending') : t('content:form.send')}
        </Button>
      </Actions>
      <Success role="status">{sent ? t('content:form.sent') : ''}</Success>
    </Form>
  );
}

/** The input type and autofill hint of the text-like fields, so phones show the right keyboard. */
function inputKind(field: CustomFormField): { type: string; autoComplete?: string; inputMode?: 'email' | 'tel' } {
  switch (field.type) {
    case 'email':
      return { type: 'email', autoComplete: 'email', inputMode: 'email' };
    case 'phone':
      return { type: 'tel', autoComplete: 'tel', inputMode: 'tel' };
    default:
      return { type: 'text' };
  }
}
