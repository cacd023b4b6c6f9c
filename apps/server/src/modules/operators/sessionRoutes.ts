import { ApiErrorBody, CONSOLE_CODES, ConsoleOk, ConsoleSessionResponse, ConsoleSignInBody, OPERATOR_ROLES } from '@grandstand/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readCookie } from '@grandstand/service-kit';
import { consoleChannel, consoleFail, newSecret, requireConsole, requiresTotp, sameOrigin, SESSION_COOKIE, SESSION_COOKIE_PATH, sessionCookie, sha256 } from './auth.ts';
import { roleOn } from './repository.ts';
import { checkSignIn, refuseSignIn } from './signIn.ts';
import { operatorView } from './view.ts';

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
    const check = await checkSignIn(app, { email, password, code, address: request.ip });
    if (!check.ok) return refuseSignIn(reply, check);
    const signedIn = check.operator;
    const role = await roleOn(app.db, signedIn.id, channel.id);
    if (role === null) return consoleFail(reply, 403, CONSOLE_CODES.forbidden, 'You have no role on this channel.');
    const token = newSecret();
    const now = service.now();
    // Housekeeping: sessions past their lifetime go (they answer nothing already).
    await app.db.deleteFrom('operator_sessions').where('expires_at', '<', new Date(now)).execute();
    await app.db
      .insertInto('operator_sessions')
      .values({
        token_hash: sha256(token),
        operator_id: signedIn.id,
        channel_id: channel.id,
        expires_at: new Date(now + service.sessionSeconds * 1000),
        created_ip: request.ip,
        created_ua: (request.headers['user-agent'] ?? '').slice(0, 300),
        totp_passed: signedIn.totp_enabled_at !== null,
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
