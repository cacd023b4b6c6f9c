import { checkCustomFormField } from '@grandstand/contract';
import type { CustomFormField, CustomFormProblem, CustomFormValue } from '@grandstand/contract';

/**
 * The rules of spec §5 applied to a custom form submission: the contract's `checkCustomFormField`,
 * which the site checks before sending too; the server checks again because a request need not
 * come from the site.
 */

/** spec §8 recognises this server message, so the site shows it translated. */
export const INVALID_EMAIL_MESSAGE = 'A valid email address is required';

export interface SubmissionProblem {
  field: string;
  message: string;
}

export type CleanValues = Record<string, CustomFormValue>;

/** How the server words each problem of a field. */
function messageOf(field: CustomFormField, problem: CustomFormProblem): string {
  switch (problem.kind) {
    case 'notBoolean':
      return `${field.label} must be true or false.`;
    case 'notText':
      return `${field.label} must be text.`;
    case 'required':
      return `${field.label} is required.`;
    case 'maxLength':
      return `${field.label} must be at most ${problem.number} characters.`;
    case 'email':
      return INVALID_EMAIL_MESSAGE;
    case 'phone':
      return `${field.label} must be a phone number of 10 to 14 digits.`;
    case 'option':
      return `${field.label} must be one of the options.`;
  }
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
    const problem = checkCustomFormField(field, value);
    if (problem) return { problem: { field: field.name, message: messageOf(field, problem) } };
    if (typeof value === 'string' && value.trim() !== '') clean[field.name] = value.trim();
    else if (typeof value === 'boolean') clean[field.name] = value;
  }
  return { values: clean };
}
