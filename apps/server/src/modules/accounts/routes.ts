import { randomInt } from 'node:crypto';
import {
  AddSessionBody,
  ApiErrorBody,
  AUTH_MESSAGES,
  DeviceCodeResponse,
  isValidEmail,
  LoginBody,
  MessageResponse,
  PASSWORD_MAX_LENGTH,
  RegisterBody,
  SessionResponse,
} from '@grandstand/contract';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bindKeyToUser,
  dummyPasswordHash,
  EmailTakenError,
  endSession,
  hashPassword,
  passwordProblem,
  startSession,
  verifyPassword,
} from './index.ts';
import type { UserRow } from './tables.ts';
import { alreadyLoggedIn, bodyOf, CHECKED_IN_HANDLER, currentUser, fail, keyOf, LIMITED, nameProblem, sessionAnswer, text, unauthenticated } from './helpers.ts';

/** A device's code is short, unambiguous to read (no 0/O, 1/I/L), single use, 10 minutes. */
export const DEVICE_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const DEVICE_CODE_LENGTH = 8;
export const DEVICE_CODE_TTL_MS = 10 * 60_000;

/**
 * Accounts: registration, login, logout, profile, deletion, device linking. Bodies are
 * checked here rather than by a schema so each problem answers a 4xx naming its field with the
 * spec §5 / §8 text. Wrong credentials answer 422, not 401: the client takes 401 as "clear the user".
 */
const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const users = app.usersRepository;

  app.post('/v2/auth/register', { config: LIMITED, ...CHECKED_IN_HANDLER, schema: { body: RegisterBody, response: { 200: SessionResponse, 409: ApiErrorBody, 422: ApiErrorBody } } }, async (request, reply) => {
    if (request.userId !== null) return alreadyLoggedIn(reply);
    const body = bodyOf(request);
    const email = text(body.email);
    if (email === undefined || email.length === 0) return fail(reply, 422, 'email', AUTH_MESSAGES.nameAndEmailRequired);
    if (!isValidEmail(email)) return fail(reply, 422, 'email', AUTH_MESSAGES.invalidEmail);
    const problem = passwordProblem(body.password, body.password_confirmation) ?? nameProblem(body, 'first_name', true) ?? nameProblem(body, 'last_name', true);
    if (problem) return fail(reply, 422, problem.field, problem.message);
    if (body.terms !== true && body.terms !== 1 && body.terms !== '1' && body.terms !== 'true') return fail(reply, 422, 'terms', 'Please accept terms & conditions');
    // Hashed before the address is looked up: a taken address costs the same Argon2 hash as a new one.
    const passwordHash = await hashPassword(body.password as string);
    if (await users.findByEmail(request.channelId, email)) return fail(reply, 422, 'email', AUTH_MESSAGES.emailTaken);
    let user: UserRow;
    try {
      user = await users.create({
        channelId: request.channelId,
        email,
        passwordHash,
        firstName: text(body.first_name) ?? null,
        lastName: text(body.last_name) ?? null,
        verified: false,
      });
    } catch (error) {
      if (error instanceof EmailTakenError) return fail(reply, 422, 'email', AUTH_MESSAGES.emailTaken);
      throw error;
    }
    const apiKey = await startSession(app, { channelId: request.channelId, userId: user.id, replaceKey: keyOf(request) });
    const mail = mailOf(app);
    if (mail) {
      // A mail that cannot be sent must not undo the account: the viewer can ask again.
      await mail.sendVerification({ channel: request.channelId, user }).catch((error: unknown) => request.log.error({ err: error }, 'verification mail failed'));
    }
    // spec §8: the client rejects any success status but 200, so a new account is a 200 too.
    return reply.code(200).send(await sessionAnswer(app, request.channelId, user, apiKey));
  });

  app.post('/v2/auth/login', { config: LIMITED, ...CHECKED_IN_HANDLER, schema: { body: LoginBody, response: { 200: SessionResponse, 409: ApiErrorBody, 422: ApiErrorBody } } }, async (request, reply) => {
    if (request.userId !== null) return alreadyLoggedIn(reply);
    const body = bodyOf(request);
    const email = text(body.email);
    if (email === undefined || email.length === 0) return fail(reply, 422, 'email', AUTH_MESSAGES.invalidEmail);
    if (typeof body.password !== 'string' || body.password.length === 0) return fail(reply, 422, 'password', 'Field is required');
    if (body.password.length > PASSWORD_MAX_LENGTH || email.length > 254) return fail(reply, 422, 'email', AUTH_MESSAGES.invalidCredentials);
    const user = await users.findByEmail(request.channelId, email);
    // An unknown address costs the same hash as a wrong password (similar timing).
    const ok = await verifyPassword(user?.password_hash ?? (await dummyPasswordHash()), body.password);
    if (!user || !user.password_hash || !ok) return fail(reply, 422, 'email', AUTH_MESSAGES.invalidCredentials);
    const apiKey = await startSession(app, { channelId: request.channelId, userId: user.id, replaceKey: keyOf(request) });
    return sessionAnswer(app, request.channelId, user, apiKey);
  });

  app.post('/auth/logout', { schema: { response: { 200: MessageResponse } } }, async (request) => {
    await endSession(app, keyOf(request));
    return { data: { message: 'Logged out.' } };
  });

  app.post('/auth/device_code', { config: LIMITED, schema: { response: { 200: DeviceCodeResponse, 409: ApiErrorBody } } }, async (request, reply) => {
    if (request.userId !== null) return alreadyLoggedIn(reply);
    const now = new Date();
    // Housekeeping: a channel's expired codes, and this device's earlier codes, go.
    await app.db.deleteFrom('device_codes').where('channel_id', '=', request.channelId).where((eb) => eb.or([eb('expires_at', '<', now), eb('api_key_id', '=', request.apiKeyId)])).execute();
    const expiresAt = new Date(now.getTime() + DEVICE_CODE_TTL_MS);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const code = Array.from({ length: DEVICE_CODE_LENGTH }, () => DEVICE_CODE_ALPHABET[randomInt(DEVICE_CODE_ALPHABET.length)]).join('');
      const inserted = await app.db
        .insertInto('device_codes')
        .values({ channel_id: request.channelId, code, api_key_id: request.apiKeyId, expires_at: expiresAt })
        .onConflict((oc) => oc.columns(['channel_id', 'code']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (inserted) return { data: { code, expires_at: Math.floor(expiresAt.getTime() / 1000) } };
    }
    throw new Error('no free device code');
  });

  app.post('/auth/add_session', { config: LIMITED, ...CHECKED_IN_HANDLER, schema: { body: AddSessionBody, response: { 200: MessageResponse, 401: ApiErrorBody, 422: ApiErrorBody } } }, async (request, reply) => {
    const user = await currentUser(app, request);
    if (!user) return unauthenticated(reply);
    const raw = text(bodyOf(request).code);
    if (raw === undefined || raw.length === 0) return fail(reply, 422, 'code', 'Field is required');
    const code = raw.toUpperCase().replace(/[\s-]/g, '');
    const invalid = 'This code is invalid or has expired. Ask the device for a new one.';
    if (code.length !== DEVICE_CODE_LENGTH) return fail(reply, 422, 'code', invalid);
    // Single use: the update that marks it used is the one that wins.
    const claimed = await app.db
      .updateTable('device_codes')
      .set({ used_at: new Date() })
      .where('channel_id', '=', request.channelId)
      .where('code', '=', code)
      .where('used_at', 'is', null)
      .where('expires_at', '>', new Date())
      .returning('api_key_id')
      .executeTakeFirst();
    if (!claimed) return fail(reply, 422, 'code', invalid);
    if (!(await bindKeyToUser(app, { channelId: request.channelId, keyId: claimed.api_key_id, userId: user.id }))) return fail(reply, 422, 'code', invalid);
    return { data: { message: 'The device is now logged in.' } };
  });

};

/** The mail decorator (src/mail) when that plugin is registered; registration works without it. */
interface VerificationMailer {
  sendVerification(input: { channel: number; user: UserRow }): Promise<void>;
}
function mailOf(app: FastifyInstance): VerificationMailer | undefined {
  return app.hasDecorator('accountsMail') ? (app as unknown as { accountsMail?: VerificationMailer }).accountsMail : undefined;
}

export default authRoutes;
