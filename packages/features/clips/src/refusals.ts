import { CLIP_FAILURES, CLIP_REFUSAL_CODES } from '@grandstand/contract';

/** A refusal of a clip call the site tells apart: each has a machine code (CLIP_REFUSAL_CODES). */
export type ClipRefusal = keyof typeof CLIP_REFUSAL_CODES;
export type ClipFailure = keyof typeof CLIP_FAILURES;

/**
 * Which of `among` a refused clip call is, by the machine code the server sends beside its words
 * (ApiErrorBody `code`; every clip refusal has one), or null for any other refusal: the caller then
 * shows its own text in the viewer's language. The server's words are never read.
 *
 * @example const refusal = clipRefusalOf(error, ['clipsLimit', 'notStarted']);
 */
export function clipRefusalOf<K extends ClipRefusal>(error: unknown, among: readonly K[]): K | null {
  const code = clipRefusalCodeOf(error);
  return code === undefined ? null : (among.find((refusal) => CLIP_REFUSAL_CODES[refusal] === code) ?? null);
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
