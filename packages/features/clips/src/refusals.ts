import { CLIP_FAILURES, CLIP_REFUSAL_CODES, CLIP_REFUSALS } from '@grandstand/contract';

export type ClipRefusal = keyof typeof CLIP_REFUSALS;
export type ClipFailure = keyof typeof CLIP_FAILURES;

/**
 * Which of `among` the server's refusal is: by its machine code (ApiErrorBody `code`) where it
 * carries one, else by its words (the server answers in English whatever the viewer's language),
 * or null for any other refusal: the caller then shows its own text in the viewer's language.
 *
 * @example const refusal = clipRefusalOf(error.message, ['clipsLimit', 'notStarted'], clipRefusalCodeOf(error));
 */
export function clipRefusalOf<K extends ClipRefusal>(message: string, among: readonly K[], code?: string): K | null {
  if (code !== undefined) {
    const byCode = among.find((refusal) => CLIP_REFUSAL_CODES[refusal] === code);
    if (byCode) return byCode;
  }
  const said = message.trim();
  return among.find((refusal) => CLIP_REFUSALS[refusal] === said) ?? null;
}

/** The machine code of a refused call: the store's `code`, or the `code` of the answer's body. */
export function clipRefusalCodeOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  if ('code' in error && typeof error.code === 'string') return error.code;
  if (!('body' in error) || typeof error.body !== 'object' || error.body === null || !('code' in error.body)) return undefined;
  return typeof error.body.code === 'string' ? error.body.code : undefined;
}

/** Why a clip could not be made, from its `failure_reason`, or null for words the site does not know. */
export function clipFailureOf(reason: string | null): ClipFailure | null {
  if (reason === null) return null;
  const said = reason.trim();
  return (Object.keys(CLIP_FAILURES) as ClipFailure[]).find((failure) => CLIP_FAILURES[failure] === said) ?? null;
}
