import { CLIP_FAILURES, CLIP_MESSAGES, CLIP_REFUSAL_CODES, CLIP_REFUSALS } from '@grandstand/contract';

/** A refusal of a clip call the site tells apart: each has a machine code (CLIP_REFUSAL_CODES). */
export type ClipRefusal = keyof typeof CLIP_REFUSAL_CODES;
export type ClipFailure = keyof typeof CLIP_FAILURES;

const WORDS: Record<ClipRefusal, string> = { ...CLIP_REFUSALS, ...CLIP_MESSAGES };

/**
 * Which of `among` a refused clip call is, by the machine code the server sends beside its words
 * (ApiErrorBody `code`), or null for any other refusal: the caller then shows its own text in the
 * viewer's language. An answer without a code is read by its words, for a server older than the codes.
 *
 * @example const refusal = clipRefusalOf(error, ['clipsLimit', 'notStarted']);
 */
export function clipRefusalOf<K extends ClipRefusal>(error: unknown, among: readonly K[]): K | null {
  const code = clipRefusalCodeOf(error);
  if (code !== undefined) return among.find((refusal) => CLIP_REFUSAL_CODES[refusal] === code) ?? null;
  const said = messageOf(error)?.trim();
  return among.find((refusal) => WORDS[refusal] === said) ?? null;
}

/** The machine code of a refused call: the store's `code`, or the `code` of the answer's body. */
export function clipRefusalCodeOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  if ('code' in error && typeof error.code === 'string') return error.code;
  if (!('body' in error) || typeof error.body !== 'object' || error.body === null || !('code' in error.body)) return undefined;
  return typeof error.body.code === 'string' ? error.body.code : undefined;
}

function messageOf(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string' ? error.message : undefined;
}

/** Why a clip could not be made, from its `failure_reason`, or null for words the site does not know. */
export function clipFailureOf(reason: string | null): ClipFailure | null {
  if (reason === null) return null;
  const said = reason.trim();
  return (Object.keys(CLIP_FAILURES) as ClipFailure[]).find((failure) => CLIP_FAILURES[failure] === said) ?? null;
}
