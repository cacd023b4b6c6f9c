import { type ApiErrorBody, AUTH_MESSAGES, UNAUTHENTICATED_MESSAGE, type User } from '@grandstand/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { toContractUser } from './index.ts';
import type { UserRow } from './tables.ts';

const NAME_MAX = 100;

/** Routes that guessing could abuse: limited by core/rateLimit/plugin.ts. */
export const LIMITED = { rateLimit: {} };

export function fail(reply: FastifyReply, status: number, field: string, message: string, code?: string) {
  const body: ApiErrorBody = { message, field, ...(code === undefined ? {} : { code }), errors: { [field]: [message] } };
  return reply.code(status).send(body);
}

/**
 * The account routes check their bodies in the handler, so each problem answers 422 naming its
 * field with the spec §5 / §8 text. Their zod schemas describe the valid body in the API document
 * (src/core/openapi/plugin.ts); this compiler takes the body as sent, so the handler sees it unchanged.
 */
export const CHECKED_IN_HANDLER = { validatorCompiler: () => (value: unknown) => ({ value }) };

export type Body = Record<string, unknown>;
export function bodyOf(request: FastifyRequest): Body {
  return request.body !== null && typeof request.body === 'object' ? (request.body as Body) : {};
}

/** The key the call was made with (spec §7: POST calls carry it in the body). */
export function keyOf(request: FastifyRequest): string {
  return String(bodyOf(request).api_key);
}

export function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value.trim() : undefined;
}

export function nameProblem(body: Body, field: 'first_name' | 'last_name', required: boolean): { field: string; message: string } | null {
  const value = body[field];
  if (value === undefined && !required) return null;
  const name = text(value);
  if (name === undefined || name.length === 0) return { field, message: AUTH_MESSAGES.nameAndEmailRequired };
  if (name.length > NAME_MAX) return { field, message: `Field length must be less than ${NAME_MAX + 1}` };
  return null;
}

export async function currentUser(app: FastifyInstance, request: FastifyRequest): Promise<UserRow | undefined> {
  if (request.userId === null) return undefined;
  return app.usersRepository.findById(request.channelId, request.userId);
}

export function unauthenticated(reply: FastifyReply) {
  return reply.code(401).send({ message: UNAUTHENTICATED_MESSAGE } satisfies ApiErrorBody);
}

/** Already logged in: a login or registration from a session key is refused (spec §8 text). */
export function alreadyLoggedIn(reply: FastifyReply) {
  return fail(reply, 409, 'api_key', AUTH_MESSAGES.alreadyLoggedIn);
}

/**
 * A new session's answer: the user as GET /profile shows them, the capabilities the channel grants
 * every logged-in viewer and what is left of their limits included (spec §6), so the site knows
 * what the viewer may do from the login on, not only after its next profile call.
 */
export async function sessionAnswer(app: FastifyInstance, channelId: number, user: UserRow, apiKey: string): Promise<{ data: { user: User; api_key: string } }> {
  return { data: { user: await profileOf(app, channelId, user), api_key: apiKey } };
}

/** The user as GET /profile shows them: the account's fields, then what each module adds (`app.userAdditions`). */
export async function profileOf(app: FastifyInstance, channelId: number, user: UserRow): Promise<User> {
  let answer = toContractUser(user);
  for (const add of app.userAdditions) answer = await add(channelId, answer);
  return answer;
}

