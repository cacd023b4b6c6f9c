import { isValidEmail, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@grandstand/contract';

/** The spec §5 message of a problem, as a key of the shared `validation` namespace. */
export type ValidationKey =
  | 'validation:required'
  | 'validation:email'
  | 'validation:passwordTooShort'
  | 'validation:passwordsDontMatch'
  | 'validation:acceptTerms'
  | 'validation:firstNameRequired'
  | 'validation:lastNameRequired'
  | 'validation:emailRequired'
  | 'validation:maxLength';

export type Problems<F extends string> = Partial<Record<F, ValidationKey>>;


/** `missing`: the message of an empty field (spec §5: registration names it). */
export function checkEmail(value: string, missing: ValidationKey = 'validation:required'): ValidationKey | undefined {
  if (value.trim() === '') return missing;
  return isValidEmail(value) ? undefined : 'validation:email';
}

/** spec §5: at least 8 characters, no composition rules; the minimum is not shown. */
export function checkNewPassword(value: string): ValidationKey | undefined {
  if (value === '') return 'validation:required';
  if (value.length < PASSWORD_MIN_LENGTH) return 'validation:passwordTooShort';
  if (value.length > PASSWORD_MAX_LENGTH) return 'validation:maxLength';
  return undefined;
}

export function checkConfirmation(password: string, confirmation: string): ValidationKey | undefined {
  if (confirmation === '') return 'validation:required';
  return confirmation === password ? undefined : 'validation:passwordsDontMatch';
}

export function checkRequired(value: string, missing: ValidationKey = 'validation:required'): ValidationKey | undefined {
  return value.trim() === '' ? missing : undefined;
}

/** Keeps only the fields that have a problem. */
export function problemsOf<F extends string>(checks: Record<F, ValidationKey | undefined>): Problems<F> {
  return Object.fromEntries(Object.entries(checks).filter((entry) => entry[1] !== undefined)) as Problems<F>;
}
