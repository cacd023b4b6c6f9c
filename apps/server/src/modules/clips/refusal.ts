import { type ApiErrorBody, CLIP_MESSAGES, CLIP_REFUSAL_CODES, CLIP_REFUSALS } from '@grandstand/contract';
import type { FastifyReply } from 'fastify';

/** Every refusal of a clip call: spec §5's texts (CLIP_MESSAGES) and the others (CLIP_REFUSALS), each with its code. */
export type ClipRefusal = keyof typeof CLIP_REFUSAL_CODES;

const WORDS: Record<ClipRefusal, string> = { ...CLIP_REFUSALS, ...CLIP_MESSAGES };

/**
 * A clip refusal (ApiErrorBody): the server's words, the field at fault and the machine code
 * beside them, by which the site shows its own text in the viewer's language.
 */
export function refuseClip(reply: FastifyReply, status: number, field: string, refusal: ClipRefusal) {
  const message = WORDS[refusal];
  const body: ApiErrorBody = { message, field, code: CLIP_REFUSAL_CODES[refusal], errors: { [field]: [message] } };
  return reply.code(status).send(body);
}
