import { isValidEmail, isValidPhone } from '@grandstand/contract';
import type { CustomFormField, CustomFormValue } from '@grandstand/contract';

/**
 * The rules of spec §5 applied to a custom form submission. The site checks the same rules before
 * sending (packages/features/content/src/validation.ts); the server checks again because a
 * request need not come from the site.
 */

export const MAX_LENGTH_TEXTAREA = 5000;
export const MAX_LENGTH_OTHER = 200;
/** spec §8 recognises this server message, so the site shows it translated. */
export const INVALID_EMAIL_MESSAGE = 'A valid email address is required';

export interface SubmissionProblem {
  field: string;
  message: string;
}

export type CleanValues = Record<string, CustomFormValue>;

function checkField(field: CustomFormField, value: CustomFormValue | undefined): string | null {
  if (field.type === 'checkbox') {
    if (value !== undefined && typeof value !== 'boolean') return `${field.label} must be true or false.`;
    return field.required && value !== true ? `${field.label} is required.` : null;
  }
  if (value !== undefined && typeof value !== 'string') return `${field.label} must be text.`;
  const text = (value ?? '').trim();
  if (text === '') return field.required ? `${field.label} is required.` : null;
  const max = field.type === 'textarea' ? MAX_LENGTH_TEXTAREA : MAX_LENGTH_OTHER;
  if (text.length > max) return `${field.label} must be at most ${max} characters.`;
  if (field.type === 'email' && !isValidEmail(text)) return INVALID_EMAIL_MESSAGE;
  if (field.type === 'phone' && !isValidPhone(text)) return `${field.label} must be a phone number of 10 to 14 digits.`;
  if (field.type === 'select' && !(field.options ?? []).includes(text)) return `${field.label} must be one of the options.`;
  return null;
}

/**
 * The values to store (text trimmed, empty optional fields left out), or the first problem: an
 * unknown field first, then the form's fields in their order.
 */
export function validateSubmission(fields: readonly CustomFormField[], values: Readonly<Record<string, CustomFormValue>>): { values: CleanValues } | { problem: SubmissionProblem } {
  const known = new Map(fields.map((field) => [field.name, field]));
  for (const name of Object.keys(values)) {
    if (!known.has(name)) return { problem: { field: name, message: `The form has no field "${name.slice(0, 64)}".` } };
  }
  const clean: CleanValues = {};
  for (const field of fields) {
    const value = Object.hasOwn(values, field.name) ? values[field.name] : undefined;
    const message = checkField(field, value);
    if (message) return { problem: { field: field.name, message } };
    if (typeof value === 'string' && value.trim() !== '') clean[field.name] = value.trim();
    else if (typeof value === 'boolean') clean[field.name] = value;
  }
  return { values: clean };
}
