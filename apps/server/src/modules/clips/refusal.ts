import { type ApiErrorBody, CLIP_REFUSAL_CODES, CLIP_REFUSALS } from '@grandstand/contract';
import type { FastifyReply } from 'fastify';

export type ClipRefusal = keyof typeof CLIP_REFUSALS;

/**
 * A clip refusal (ApiErrorBody): the server's words, the field at fault and the machine code
 * beside them, by which the site shows its own text in the viewer's language.
 */
export function refuseClip(reply: FastifyReply, status: number, field: string, refusal: ClipRefusal) {
  const message = CLIP_REFUSALS[refusal];
  const body: ApiErrorBody = { message, field, code: CLIP_REFUSAL_CODES[refusal], errors: { [field]: [message] } };
  return reply.code(status).send(body);
}
