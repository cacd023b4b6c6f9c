import {
  ApiErrorBody,
  AUTH_MESSAGES,
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
  dummyPasswordHash,
  EmailTakenError,
  endSession,
  hashPassword,
  passwordProblem,
  startSession,
  verifyPassword,
} from './index.ts';
import type { UserRow } from './tables.ts';
import deviceRoutes from './deviceRoutes.ts';
import { alreadyLoggedIn, bodyOf, CHECKED_IN_HANDLER, fail, keyOf, LIMITED, nameProblem, sessionAnswer, text } from './helpers.ts';

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

  // Device linking (a TV shows a code, the viewer enters it) has its own routes.
  await app.register(deviceRoutes);

};

/** The mail decorator (src/mail) when that plugin is registered; registration works without it. */
interface VerificationMailer {
  sendVerification(input: { channel: number; user: UserRow }): Promise<void>;
}
function mailOf(app: FastifyInstance): VerificationMailer | undefined {
  return app.hasDecorator('accountsMail') ? (app as unknown as { accountsMail?: VerificationMailer }).accountsMail : undefined;
}

export default authRoutes;
