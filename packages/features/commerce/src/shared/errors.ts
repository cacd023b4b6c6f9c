import { isApiError } from '@grandstand/store';

/** The field a 400 names (the contract error format: { message, field }). */
export function fieldOfError(error: unknown): string | undefined {
  return isApiError(error) ? error.field : undefined;
}
