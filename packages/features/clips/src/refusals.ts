import { CLIP_FAILURES, CLIP_REFUSALS } from '@grandstand/contract';

export type ClipRefusal = keyof typeof CLIP_REFUSALS;
export type ClipFailure = keyof typeof CLIP_FAILURES;

/**
 * Which of `among` the server's refusal is, by its words (the server answers in English whatever the
 * viewer's language), or null for any other words: the caller then shows its own text for the
 * refusal in the viewer's language.
 *
 * @example const refusal = clipRefusalOf(error.message, ['clipsLimit', 'notStarted']);
 */
export function clipRefusalOf<K extends ClipRefusal>(message: string, among: readonly K[]): K | null {
  const said = message.trim();
  return among.find((refusal) => CLIP_REFUSALS[refusal] === said) ?? null;
}

/** Why a clip could not be made, from its `failure_reason`, or null for words the site does not know. */
export function clipFailureOf(reason: string | null): ClipFailure | null {
  if (reason === null) return null;
  const said = reason.trim();
  return (Object.keys(CLIP_FAILURES) as ClipFailure[]).find((failure) => CLIP_FAILURES[failure] === said) ?? null;
}
