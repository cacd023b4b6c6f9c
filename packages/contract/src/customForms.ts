// The rules of a channel's custom form (spec §5), written once: the site checks a form with them
// before sending it and the server checks the request with the same ones, so both always agree.
// Plain functions with no schema code, so the site's JavaScript does not pull zod in.
import type { CustomFormField, CustomFormValue } from './channel.ts';
import { isValidEmail, isValidPhone } from './formats.ts';

/** The kinds of field a custom form has (spec §3: custom form data per alias). */
export const CUSTOM_FORM_FIELD_TYPES = ['text', 'email', 'phone', 'textarea', 'select', 'checkbox'] as const;
export type CustomFormFieldType = (typeof CUSTOM_FORM_FIELD_TYPES)[number];

/** The longest text a text area takes, in characters. */
export const CUSTOM_FORM_TEXTAREA_MAX_LENGTH = 5000;
/** The longest text every other text-like field takes, in characters. */
export const CUSTOM_FORM_TEXT_MAX_LENGTH = 200;

export function customFormMaxLength(field: Pick<CustomFormField, 'type'>): number {
  return field.type === 'textarea' ? CUSTOM_FORM_TEXTAREA_MAX_LENGTH : CUSTOM_FORM_TEXT_MAX_LENGTH;
}

/**
 * What is wrong with one field's value; `kind` is the key each side words it by (the site's
 * validation texts, the server's answer). `notText` and `notBoolean` come only from a request
 * that did not come from the site's own controls.
 */
export type CustomFormProblem =
  | { kind: 'notBoolean' }
  | { kind: 'notText' }
  | { kind: 'required' }
  | { kind: 'maxLength'; number: number }
  | { kind: 'email' }
  | { kind: 'phone' }
  | { kind: 'option' };
export type CustomFormProblemKind = CustomFormProblem['kind'];

/** A form's values by field name: text for the text-like fields, a boolean for a checkbox. */
export type CustomFormValues = Record<string, CustomFormValue>;

/**
 * The first problem of one field's value, or null when it is fine: a checkbox takes a boolean and,
 * when required, must be ticked; the other fields take text, trimmed, not blank when required, at
 * most `customFormMaxLength`, then an email address, a phone number, or one of a select's options.
 */
export function checkCustomFormField(field: CustomFormField, value: CustomFormValue | undefined): CustomFormProblem | null {
  if (field.type === 'checkbox') {
    if (value !== undefined && typeof value !== 'boolean') return { kind: 'notBoolean' };
    return field.required && value !== true ? { kind: 'required' } : null;
  }
  if (value !== undefined && typeof value !== 'string') return { kind: 'notText' };
  const text = (value ?? '').trim();
  if (text === '') return field.required ? { kind: 'required' } : null;
  const max = customFormMaxLength(field);
  if (text.length > max) return { kind: 'maxLength', number: max };
  if (field.type === 'email' && !isValidEmail(text)) return { kind: 'email' };
  if (field.type === 'phone' && !isValidPhone(text)) return { kind: 'phone' };
  if (field.type === 'select' && !(field.options ?? []).includes(text)) return { kind: 'option' };
  return null;
}

/** Each field's problem, by field name; an empty object when the form may be sent. */
export function checkCustomForm(fields: readonly CustomFormField[], values: Readonly<CustomFormValues>): Record<string, CustomFormProblem> {
  const problems: Record<string, CustomFormProblem> = {};
  for (const field of fields) {
    const problem = checkCustomFormField(field, Object.hasOwn(values, field.name) ? values[field.name] : undefined);
    if (problem) problems[field.name] = problem;
  }
  return problems;
}

/** A form's empty values: unticked boxes and empty text. */
export function emptyCustomFormValues(fields: readonly CustomFormField[]): CustomFormValues {
  return Object.fromEntries(fields.map((field) => [field.name, field.type === 'checkbox' ? false : '']));
}
