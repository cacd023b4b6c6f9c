import { isValidEmail, isValidPhone } from '@grandstand/contract';
import type { CustomFormField, CustomFormValue } from '@grandstand/contract';

/**
 * The rules of spec §5 for the custom form, checked in the browser before sending. The server
 * checks the same rules again (apps/server/src/routes/forms/validateSubmission.ts): whatever the
 * browser lets through, the server still refuses bad input.
 */

export const MAX_LENGTH_TEXTAREA = 5000;
export const MAX_LENGTH_OTHER = 200;

export function maxLengthOf(field: CustomFormField): number {
  return field.type === 'textarea' ? MAX_LENGTH_TEXTAREA : MAX_LENGTH_OTHER;
}

export type FieldProblem = { kind: 'required' } | { kind: 'email' } | { kind: 'phone' } | { kind: 'option' } | { kind: 'maxLength'; number: number };

/** The first problem of one field's value, or null when it is fine. */
export function validateField(field: CustomFormField, value: CustomFormValue | undefined): FieldProblem | null {
  if (field.type === 'checkbox') {
    return field.required && value !== true ? { kind: 'required' } : null;
  }
  const text = typeof value === 'string' ? value.trim() : '';
  if (text === '') return field.required ? { kind: 'required' } : null;
  const max = maxLengthOf(field);
  if (text.length > max) return { kind: 'maxLength', number: max };
  if (field.type === 'email' && !isValidEmail(text)) return { kind: 'email' };
  if (field.type === 'phone' && !isValidPhone(text)) return { kind: 'phone' };
  if (field.type === 'select' && !(field.options ?? []).includes(text)) return { kind: 'option' };
  return null;
}

export type FormValues = Record<string, CustomFormValue>;

/** Each field's problem, by field name; an empty object when the form may be sent. */
export function validateForm(fields: readonly CustomFormField[], values: FormValues): Record<string, FieldProblem> {
  const problems: Record<string, FieldProblem> = {};
  for (const field of fields) {
    const problem = validateField(field, values[field.name]);
    if (problem) problems[field.name] = problem;
  }
  return problems;
}

/** A form's empty values: unticked boxes and empty text. */
export function emptyValues(fields: readonly CustomFormField[]): FormValues {
  return Object.fromEntries(fields.map((field) => [field.name, field.type === 'checkbox' ? false : '']));
}
