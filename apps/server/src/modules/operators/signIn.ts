import { CONSOLE_CODES } from '@grandstand/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { dummyPasswordHash, verifyPassword } from '../accounts/index.ts';
import { consoleFail } from './auth.ts';
import { findOperatorByEmail } from './repository.ts';
import type { OperatorRow } from './tables.ts';
import { checkTotp } from './totpRoutes.ts';

export type SignInCheck = { ok: true; operator: OperatorRow } | { ok: false; status: number; code: string; message: string; field?: string; retryAfter?: number };

/**
 * An operator's email, password and (once they turned it on) TOTP code, checked the one way for
 * every door: the console's sign-in, an existing operator accepting an invitation, the analytics
 * service's check. Throttled by `address` (the person's own); a right password takes its tries
 * back, a wrong code stays counted (codes are guessed no faster than passwords).
 */
export async function checkSignIn(
  app: FastifyInstance,
  input: { email: string; password: string; code?: string | undefined; address: string; credentialsField?: string },
): Promise<SignInCheck> {
  const attempt = await app.operatorsService.throttle.attempt(input.address, input.email);
  if (attempt.retryAfter > 0) return { ok: false, status: 429, code: CONSOLE_CODES.throttled, message: 'Too many sign-in attempts. Please wait and try again.', retryAfter: attempt.retryAfter };
  const operator = await findOperatorByEmail(app.db, input.email);
  // An unknown address costs the same hash as a wrong password (similar timing).
  const ok = await verifyPassword(operator?.password_hash ?? (await dummyPasswordHash()), input.password);
  if (!operator || !ok) return { ok: false, status: 401, code: CONSOLE_CODES.invalidCredentials, message: 'The email or password is wrong.', field: input.credentialsField ?? 'email' };
  let checked = operator;
  if (operator.totp_enabled_at !== null) {
    if (input.code === undefined || input.code.trim() === '') {
      // The password was right: no failure; the client asks for the code and sends both again.
      await attempt.succeed();
      return { ok: false, status: 401, code: CONSOLE_CODES.totpRequired, message: 'Enter the code from your authenticator app.', field: 'code' };
    }
    const updated = await checkTotp(app, operator, input.code);
    if (!updated) return { ok: false, status: 401, code: CONSOLE_CODES.totpInvalid, message: 'The code is wrong or has already been used.', field: 'code' };
    checked = updated;
  }
  await attempt.succeed();
  return { ok: true, operator: checked };
}

/** The refusal of a failed check, with `Retry-After` when throttled. */
export function refuseSignIn(reply: FastifyReply, check: Extract<SignInCheck, { ok: false }>) {
  if (check.retryAfter !== undefined) reply.header('retry-after', String(check.retryAfter));
  return consoleFail(reply, check.status, check.code, check.message, check.field);
}
