import type { ComponentPropsWithRef, ReactNode } from 'react';
import { CheckRow, ErrorText, Field, Hint, Input, Label, RequiredMark, SelectControl, TextAreaControl } from './FormField.styles.ts';
import { useFieldIds } from './useFieldIds.ts';

interface FieldTexts {
  label: string;
  /** Already translated, e.g. spec §5 "Field is required". */
  error?: string;
  hint?: string;
}

function FieldLabel({ htmlFor, label, required }: { htmlFor: string; label: ReactNode; required?: boolean }) {
  return (
    <Label htmlFor={htmlFor}>
      {label}
      {/* The control's `required` attribute tells screen readers; the star is for the eye. */}
      {required && <RequiredMark>*</RequiredMark>}
    </Label>
  );
}

function FieldNotes({ hint, hintId, error, errorId }: { hint?: string; hintId?: string; error?: string; errorId?: string }) {
  return (
    <>
      {hint && <Hint id={hintId}>{hint}</Hint>}
      {error && <ErrorText id={errorId}>{error}</ErrorText>}
    </>
  );
}

export type TextFieldProps = FieldTexts & Omit<ComponentPropsWithRef<'input'>, 'children'>;

export function TextField({ label, error, hint, id, required, ...rest }: TextFieldProps) {
  const { controlId, hintId, errorId, describedBy } = useFieldIds(id, hint, error);
  return (
    <Field>
      <FieldLabel htmlFor={controlId} label={label} required={required} />
      <Input {...rest} id={controlId} required={required} aria-invalid={error ? true : undefined} aria-describedby={describedBy} $invalid={Boolean(error)} />
      <FieldNotes hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </Field>
  );
}

export type TextAreaProps = FieldTexts & Omit<ComponentPropsWithRef<'textarea'>, 'children'>;

export function TextArea({ label, error, hint, id, required, ...rest }: TextAreaProps) {
  const { controlId, hintId, errorId, describedBy } = useFieldIds(id, hint, error);
  return (
    <Field>
      <FieldLabel htmlFor={controlId} label={label} required={required} />
      <TextAreaControl {...rest} id={controlId} required={required} aria-invalid={error ? true : undefined} aria-describedby={describedBy} $invalid={Boolean(error)} />
      <FieldNotes hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </Field>
  );
}

export interface SelectOption {
  value: string;
  label: string;
}

export type SelectProps = FieldTexts & { options: SelectOption[]; placeholder?: string } & Omit<ComponentPropsWithRef<'select'>, 'children'>;

export function Select({ label, error, hint, id, required, options, placeholder, ...rest }: SelectProps) {
  const { controlId, hintId, errorId, describedBy } = useFieldIds(id, hint, error);
  return (
    <Field>
      <FieldLabel htmlFor={controlId} label={label} required={required} />
      <SelectControl {...rest} id={controlId} required={required} aria-invalid={error ? true : undefined} aria-describedby={describedBy} $invalid={Boolean(error)}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </SelectControl>
      <FieldNotes hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </Field>
  );
}

export type CheckboxProps = { label: ReactNode; error?: string; hint?: string } & Omit<ComponentPropsWithRef<'input'>, 'type' | 'children'>;

/** The label may hold links (terms & conditions); it stays the checkbox's accessible name. */
export function Checkbox({ label, error, hint, id, required, ...rest }: CheckboxProps) {
  const { controlId, hintId, errorId, describedBy } = useFieldIds(id, hint, error);
  return (
    <Field>
      <CheckRow>
        <input {...rest} type="checkbox" id={controlId} required={required} aria-invalid={error ? true : undefined} aria-describedby={describedBy} />
        <FieldLabel htmlFor={controlId} label={label} required={required} />
      </CheckRow>
      <FieldNotes hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </Field>
  );
}
