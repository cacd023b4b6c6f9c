import { ApiErrorBody, CONSOLE_CODES, ConsoleOk, ConsoleSessionResponse, ConsoleSignInBody, OPERATOR_ROLES } from '@grandstand/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dummyPasswordHash, verifyPassword } from '../accounts/index.ts';
import { consoleChannel, consoleFail, newSecret, readCookie, requireConsole, requiresTotp, sameOrigin, SESSION_COOKIE, SESSION_COOKIE_PATH, sessionCookie, sha256 } from './auth.ts';
import { findOperatorByEmail, roleOn } from './repository.ts';
import { operatorView } from './view.ts';
import { checkTotp } from './totpRoutes.ts';

const errors = { 401: ApiErrorBody, 403: ApiErrorBody, 429: ApiErrorBody };

/**
 * Signing in to the control room (spec §1 admin dashboard): an operator's email and password, and
 * their TOTP code once they have turned it on. Apart from the viewers' sign-in: another table,
 * another cookie, valid on the channel of the host it was opened on only.
 */
const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.operatorsService;

  app.post('/session', { config: { apiKey: false }, schema: { tags: ['console'], body: ConsoleSignInBody, response: { 200: ConsoleSessionResponse, ...errors } } }, async (request, reply) => {
    const channel = consoleChannel(request);
    if (!channel) return consoleFail(reply, 403, CONSOLE_CODES.forbidden, 'No channel is served at this host.', 'host');
    // A sign-in sets the cookie: a page elsewhere must not sign the browser in to an account of its choosing.
    if (!sameOrigin(request)) return consoleFail(reply, 403, CONSOLE_CODES.origin, 'This request did not come from the control room’s own page.', 'origin');
    const { email, password, code } = request.body;
    const attempt = await service.throttle.attempt(request.ip, email);
    if (attempt.retryAfter > 0) {
      reply.header('retry-after', String(attempt.retryAfter));
      return consoleFail(reply, 429, CONSOLE_CODES.throttled, 'Too many sign-in attempts. Please wait and try again.');
    }
    const operator = await findOperatorByEmail(app.db, email);
    // An unknown address costs the same hash as a wrong password (similar timing).
    const ok = await verifyPassword(operator?.password_hash ?? (await dummyPasswordHash()), password);
    if (!operator || !ok) return consoleFail(reply, 401, CONSOLE_CODES.invalidCredentials, 'The email or password is wrong.', 'email');
    const role = await roleOn(app.db, operator.id, channel.id);
    if (role === null) {
      await attempt.succeed();
      return consoleFail(reply, 403, CONSOLE_CODES.forbidden, 'You have no role on this channel.');
    }
    let signedIn = operator;
    if (operator.totp_enabled_at !== null) {
      if (code === undefined || code.trim() === '') {
        // The password was right: this is no failure, the client asks for the code and sends both again.
        await attempt.succeed();
        return consoleFail(reply, 401, CONSOLE_CODES.totpRequired, 'Enter the code from your authenticator app.', 'code');
      }
      // A wrong code stays counted as a failed try: codes are guessed no faster than passwords.
      const checked = await checkTotp(app, operator, code);
      if (!checked) return consoleFail(reply, 401, CONSOLE_CODES.totpInvalid, 'The code is wrong or has already been used.', 'code');
      signedIn = checked;
    }
    await attempt.succeed();
    const token = newSecret();
    const now = service.now();
    await app.db
      .insertInto('operator_sessions')
      .values({
        token_hash: sha256(token),
        operator_id: operator.id,
        channel_id: channel.id,
        expires_at: new Date(now + service.sessionSeconds * 1000),
        created_ip: request.ip,
        created_ua: (request.headers['user-agent'] ?? '').slice(0, 300),
        totp_passed: operator.totp_enabled_at !== null,
      })
      .execute();
    reply.header('set-cookie', sessionCookie(request, token, service.sessionSeconds));
    reply.header('cache-control', 'no-store');
    const totpSetupRequired = signedIn.totp_enabled_at === null && (await requiresTotp(app.db, channel.id));
    return { operator: await operatorView(app.db, { operator: signedIn, role, channel, totpSetupRequired }) };
  });

  app.get('/session', { config: { apiKey: false }, preHandler: requireConsole(OPERATOR_ROLES, { duringTotpSetup: true, operatorsOnly: true }), schema: { tags: ['console'], response: { 200: ConsoleSessionResponse, ...errors } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return { operator: await operatorView(app.db, request.consoleSession!) };
  });

  app.delete('/session', { config: { apiKey: false }, schema: { tags: ['console'], response: { 200: ConsoleOk, 403: ApiErrorBody } } }, async (request, reply) => {
    // Signing out needs no valid session (an expired one clears its cookie too), but the origin check holds.
    if (!sameOrigin(request)) return consoleFail(reply, 403, CONSOLE_CODES.origin, 'This request did not come from the control room’s own page.', 'origin');
    const value = readCookie(request.headers.cookie, SESSION_COOKIE);
    if (value !== undefined && value.length > 0 && value.length <= 200) await app.db.deleteFrom('operator_sessions').where('token_hash', '=', sha256(value)).execute();
    reply.header('set-cookie', `${SESSION_COOKIE}=; Path=${SESSION_COOKIE_PATH}; Max-Age=0; HttpOnly; SameSite=Strict`);
    return { ok: true as const };
  });
};

export default sessionRoutes;
