import { ApiErrorBody, AUTH_MESSAGES, AUTH_REFUSAL_CODES, EmailVerifyBody, isValidEmail, MessageResponse, PASSWORD_MAX_LENGTH, PasswordResetBody, PasswordResetRequestBody } from '@grandstand/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { endUserSessions, hashPassword, passwordProblem } from './index.ts';
import { passwordBinding } from '../mail/links.ts';
import { TOO_MANY_ATTEMPTS_MESSAGE } from '../../core/rateLimit/plugin.ts';

/** The one answer to a reset request, known address or not (no account enumeration). */
export const RESET_REQUEST_MESSAGE = 'If an account uses this email address, a link to reset its password is on its way.';
export const EMAIL_VERIFIED_MESSAGE = 'Your email address is verified.';
export const PASSWORD_RESET_MESSAGE = 'Your password has been reset. You can log in with it now.';
/**
 * The password rules are the accounts' (`passwordProblem`: length, common passwords, confirmation),
 * so the schema only bounds the size and the rules answer with their own spec §5 messages.
 */
const ResetBody = PasswordResetBody.extend({ password: z.string().max(PASSWORD_MAX_LENGTH * 4), password_confirmation: z.string().max(PASSWORD_MAX_LENGTH * 4) });

const fail = (message: string, field: string, code?: string): ApiErrorBody => ({ message, field, ...(code ? { code } : {}), errors: { [field]: [message] } });

/**
 * spec §7 POST auth/email-verify, auth/password-reset-request, auth/password-reset: the mailed
 * links' signatures are checked against the key's channel, so a link of one channel never acts on
 * another channel's users.
 */
const authMailRoutes: FastifyPluginAsyncZod = async (app) => {
  const users = app.usersRepository;
  const mail = app.accountsMail;

  app.post(
    '/auth/email-verify',
    { schema: { body: EmailVerifyBody, response: { 200: MessageResponse, 400: ApiErrorBody } } },
    async (request, reply) => {
      const { email, expires, signature } = request.body;
      const user = await users.findByEmail(request.channelId, email);
      const check = mail.checkLink({ channelId: request.channelId, email, expires, purpose: 'verify-email' }, signature);
      // An unknown address answers like a forged link: the link is all the caller has.
      if (!user || check === 'forged') return reply.code(400).send(fail(AUTH_MESSAGES.verificationFailed, 'signature', AUTH_REFUSAL_CODES.verificationFailed));
      if (user.email_verified_at !== null) return reply.code(400).send(fail(AUTH_MESSAGES.emailAlreadyVerified, 'email', AUTH_REFUSAL_CODES.emailAlreadyVerified));
      if (check === 'expired') return reply.code(400).send(fail(AUTH_MESSAGES.verificationFailed, 'expires', AUTH_REFUSAL_CODES.verificationFailed));
      await users.markVerified(request.channelId, user.id);
      return { data: { message: EMAIL_VERIFIED_MESSAGE } };
    },
  );

  app.post(
    '/auth/password-reset-request',
    { schema: { body: PasswordResetRequestBody, response: { 200: MessageResponse, 400: ApiErrorBody, 429: ApiErrorBody } } },
    async (request, reply) => {
      if (!isValidEmail(request.body.email)) return reply.code(400).send(fail(AUTH_MESSAGES.invalidEmail, 'email'));
      // Before the account is looked up: the limits meet a known and an unknown address alike.
      const wait = await app.resetRequestTry(request, request.body.email);
      if (wait !== null) return reply.code(429).header('retry-after', wait).send(fail(TOO_MANY_ATTEMPTS_MESSAGE, 'email'));
      const user = await users.findByEmail(request.channelId, request.body.email);
      if (user) {
        // After the answer has left, not before: composing and signing the mail would otherwise
        // make a known address answer measurably slower than an unknown one.
        setImmediate(() => {
          mail.sendPasswordReset({ channel: request.channelId, user }).catch((error: unknown) => {
            request.log.error({ err: error }, 'the password-reset mail could not be sent');
          });
        });
      }
      return { data: { message: RESET_REQUEST_MESSAGE } };
    },
  );

  app.post(
    '/auth/password-reset',
    { schema: { body: ResetBody, response: { 200: MessageResponse, 400: ApiErrorBody } } },
    async (request, reply) => {
      const { email, expires, signature, password, password_confirmation } = request.body;
      const problem = passwordProblem(password, password_confirmation);
      if (problem) return reply.code(400).send(fail(problem.message, problem.field));
      const user = await users.findByEmail(request.channelId, email);
      const binding = passwordBinding(user?.password_hash ?? null);
      const check = mail.checkLink({ channelId: request.channelId, email, expires, purpose: 'password-reset', binding }, signature);
      // An unknown address answers as a forged link (same status, message and field, no extra
      // work): only a genuine link, which only the address's owner gets, learns more.
      if (!user || check === 'forged') return reply.code(400).send(fail(AUTH_MESSAGES.resetFailed, 'signature'));
      if (check === 'expired') return reply.code(400).send(fail(AUTH_MESSAGES.resetKeyExpired, 'expires'));
      // The new hash changes the binding: this link (and any other reset link) stops working.
      await users.setPassword(request.channelId, user.id, await hashPassword(password), { temporary: false });
      await endUserSessions(app, request.channelId, user.id);
      return { data: { message: PASSWORD_RESET_MESSAGE } };
    },
  );
};

export default authMailRoutes;
