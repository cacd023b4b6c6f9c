import { ApiErrorBody, CONSOLE_CODES, ConsoleOk, OPERATOR_ROLES, TotpCodeBody, TotpSetupResponse } from '@grandstand/contract';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { consoleFail, recordAudit, requireConsole } from './auth.ts';
import type { OperatorRow } from './tables.ts';
import { newTotpSecret, otpauthUri, verifyTotp } from './totp.ts';

/**
 * Checks an operator's TOTP code against their secret (enabled, or pending with `pending`) and
 * uses it up: the step is stored by a conditional update, so the same code sent twice at once is
 * accepted once. The operator as updated, or null.
 */
export async function checkTotp(app: FastifyInstance, operator: OperatorRow, code: string, pending = false): Promise<OperatorRow | null> {
  if (operator.totp_secret === null || (operator.totp_enabled_at === null) !== pending) return null;
  const secret = app.operatorsService.box.open(operator.totp_secret);
  if (secret === null) return null;
  const step = verifyTotp(secret, code, operator.totp_last_step, app.operatorsService.now());
  if (step === null) return null;
  const updated = await app.db
    .updateTable('operators')
    .set({ totp_last_step: step })
    .where('id', '=', operator.id)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .returningAll()
    .executeTakeFirst();
  return updated ?? null;
}

const errors = { 401: ApiErrorBody, 403: ApiErrorBody, 409: ApiErrorBody, 422: ApiErrorBody, 429: ApiErrorBody };
const personal = requireConsole(OPERATOR_ROLES, { duringTotpSetup: true, operatorsOnly: true });

/**
 * Each operator's second factor: set up (a secret, pending until a code from it is confirmed),
 * enable, disable. The secret is shown during set-up only; after that no call returns it.
 */
const totpRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.operatorsService;
  // Codes tried on these calls count like sign-in tries, per operator: a stolen session cannot guess codes without end.
  const codeTry = async (operatorId: number, ip: string) => service.codeThrottle.attempt(ip, `operator:${operatorId}`);

  app.post('/totp/setup', { config: { apiKey: false }, preHandler: personal, schema: { tags: ['console'], response: { 200: TotpSetupResponse, ...errors } } }, async (request, reply) => {
    const { operator, channel } = request.consoleSession!;
    if (operator.totp_enabled_at !== null) return consoleFail(reply, 409, CONSOLE_CODES.totpAlreadyEnabled, 'TOTP is already on. Turn it off first to set up another device.');
    const secret = newTotpSecret();
    await app.db.updateTable('operators').set({ totp_secret: service.box.seal(secret), totp_last_step: null }).where('id', '=', operator.id).where('totp_enabled_at', 'is', null).execute();
    reply.header('cache-control', 'no-store');
    return { secret, otpauthUri: otpauthUri(secret, operator.email, `${channel.config.name} control room`) };
  });

  app.post('/totp/enable', { config: { apiKey: false }, preHandler: personal, schema: { tags: ['console'], body: TotpCodeBody, response: { 200: ConsoleOk, ...errors } } }, async (request, reply) => {
    const { operator, sessionId } = request.consoleSession!;
    if (operator.totp_enabled_at !== null) return consoleFail(reply, 409, CONSOLE_CODES.totpAlreadyEnabled, 'TOTP is already on.');
    if (operator.totp_secret === null) return consoleFail(reply, 409, CONSOLE_CODES.totpNotPending, 'Set up TOTP first.');
    const attempt = await codeTry(operator.id, request.ip);
    if (attempt.retryAfter > 0) {
      reply.header('retry-after', String(attempt.retryAfter));
      return consoleFail(reply, 429, CONSOLE_CODES.throttled, 'Too many codes tried. Please wait and try again.');
    }
    if (!(await checkTotp(app, operator, request.body.code, true))) return consoleFail(reply, 422, CONSOLE_CODES.totpInvalid, 'The code is wrong or has already been used.', 'code');
    await attempt.succeed();
    await app.db.transaction().execute(async (tx) => {
      await tx.updateTable('operators').set({ totp_enabled_at: sql<Date>`now()` }).where('id', '=', operator.id).execute();
      await tx.updateTable('operator_sessions').set({ totp_passed: true }).where('id', '=', sessionId).execute();
      await recordAudit(tx, { actor: request.consoleActor!, action: 'operator.totp.enable', subject: `operator:${operator.id}`, before: { totpEnabled: false }, after: { totpEnabled: true } });
    });
    return { ok: true as const };
  });

  app.post('/totp/disable', { config: { apiKey: false }, preHandler: personal, schema: { tags: ['console'], body: TotpCodeBody, response: { 200: ConsoleOk, ...errors } } }, async (request, reply) => {
    const { operator } = request.consoleSession!;
    if (operator.totp_enabled_at === null) return consoleFail(reply, 409, CONSOLE_CODES.totpNotPending, 'TOTP is not on.');
    // Any channel the operator works for that requires it keeps it on (the account is one for all).
    const requiring = await app.db
      .selectFrom('operator_memberships as m')
      .innerJoin('channel_security as s', 's.channel_id', 'm.channel_id')
      .select('m.channel_id')
      .where('m.operator_id', '=', operator.id)
      .where('s.require_totp', '=', true)
      .executeTakeFirst();
    if (requiring) return consoleFail(reply, 409, CONSOLE_CODES.totpRequiredByChannel, 'A channel you work for requires TOTP: it cannot be turned off.');
    const attempt = await codeTry(operator.id, request.ip);
    if (attempt.retryAfter > 0) {
      reply.header('retry-after', String(attempt.retryAfter));
      return consoleFail(reply, 429, CONSOLE_CODES.throttled, 'Too many codes tried. Please wait and try again.');
    }
    if (!(await checkTotp(app, operator, request.body.code))) return consoleFail(reply, 422, CONSOLE_CODES.totpInvalid, 'The code is wrong or has already been used.', 'code');
    await attempt.succeed();
    await app.db.transaction().execute(async (tx) => {
      await tx.updateTable('operators').set({ totp_enabled_at: null, totp_secret: null }).where('id', '=', operator.id).execute();
      await recordAudit(tx, { actor: request.consoleActor!, action: 'operator.totp.disable', subject: `operator:${operator.id}`, before: { totpEnabled: true }, after: { totpEnabled: false } });
    });
    return { ok: true as const };
  });
};

export default totpRoutes;
