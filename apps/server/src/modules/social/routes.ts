import { ApiErrorBody, AUTH_MESSAGES, AUTH_REFUSAL_CODES, SessionResponse, SocialLoginBody, SocialProviderParam } from '@grandstand/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as oidc from 'openid-client';
import { z } from 'zod';
import { timingSafeEqual } from 'node:crypto';
import { startSession } from '../accounts/index.ts';
import { sessionAnswer } from '../accounts/helpers.ts';
import { hashApiKey } from '../accounts/apiKeyRepository.ts';
import { callbackUri, SocialError } from './index.ts';
import type { SocialState } from './state.ts';

function sendError(reply: FastifyReply, error: SocialError, code?: string) {
  const body: ApiErrorBody = { message: error.message, field: error.field, ...(code === undefined ? {} : { code }), errors: { [error.field]: [error.message] } };
  return reply.code(error.status).send(body);
}

/**
 * spec §3 auth modes: `registration` is started from the registration page once the viewer ticked
 * the terms (the site sends it only then), so an address with no account gets one; `login` (the
 * default) only logs into an account that exists.
 */
const LoginQuery = z.object({ api_key: z.string().optional(), mode: z.enum(['login', 'registration']).optional() });
const CallbackQuery = z.object({
  code: z.string().min(1).max(2048).optional(),
  state: z.string().min(1).max(2048).optional(),
  iss: z.string().optional(),
  error: z.string().optional(),
});

/** The key that finishes a login is the one that started it (compared by hash: equal lengths, constant time). */
function sameKey(started: string, finishing: string | undefined): boolean {
  if (finishing === undefined) return false;
  return timingSafeEqual(Buffer.from(hashApiKey(started), 'hex'), Buffer.from(hashApiKey(finishing), 'hex'));
}

/** A redirect has no body: the address is the Location header. */
const REDIRECT = z.null().describe('Redirect: the Location header is where the browser goes next.');

/**
 * Social login (spec §7), in the guarded /api scope: GET /auth/login/:provider sends the
 * browser to the provider, which comes back to /auth/login/:provider/callback (no api key: the
 * sealed state is the credential), and the site finishes with POST /v2/auth/social/:provider.
 * The providers, their clients and the state live in `app.social` (modules/social/index.ts).
 */
const socialRoutes: FastifyPluginAsyncZod = async (app) => {
  const { providerConfig, client: clientFor, states, exchange, findOrCreate } = app.social;
  app.get(
    '/auth/login/:provider',
    { schema: { params: SocialProviderParam, querystring: LoginQuery, response: { 302: REDIRECT, 400: ApiErrorBody, 404: ApiErrorBody, 502: ApiErrorBody } } },
    async (request, reply) => {
      try {
        const { provider } = request.params;
        const client = await clientFor(request.channelId, provider);
        const origin = app.channels.publicOrigin(request.channelId);
        // The site and its api share an origin ({api} is <site>/api): the browser comes back here.
        const hostChannel = app.channels.byHostname(request.hostname);
        if (!hostChannel || hostChannel.id !== request.channelId) {
          throw new SocialError(400, 'api_key', 'The api key belongs to another channel than this site.');
        }
        const codeVerifier = oidc.randomPKCECodeVerifier();
        const nonce = oidc.randomNonce();
        const state: SocialState = {
          provider,
          channelId: request.channelId,
          apiKey: String(request.query.api_key),
          origin,
          codeVerifier,
          nonce,
          ...(request.query.mode === 'registration' ? { register: true } : {}),
        };
        const target = oidc.buildAuthorizationUrl(client, {
          redirect_uri: callbackUri(origin, provider),
          scope: 'openid email profile',
          code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
          code_challenge_method: 'S256',
          nonce,
          state: states().seal(state),
        });
        return reply.redirect(target.href, 302);
      } catch (error) {
        if (error instanceof SocialError) return sendError(reply, error);
        throw error;
      }
    },
  );

  app.get(
    '/auth/login/:provider/callback',
    { config: { apiKey: false }, schema: { params: SocialProviderParam, querystring: CallbackQuery, response: { 302: REDIRECT, 400: ApiErrorBody, 404: ApiErrorBody } } },
    async (request, reply) => {
      const { provider } = request.params;
      const { code, state: sealed, iss, error } = request.query;
      const state = sealed ? states().open(sealed) : null;
      if (!state || state.provider !== provider) {
        return sendError(reply, new SocialError(400, 'state', 'The login state is invalid or expired. Please start the login again.'));
      }
      // RFC 9207: a provider that names itself must be the one this login went to.
      if (iss !== undefined) {
        let expected: string;
        try {
          expected = providerConfig(state.channelId, provider).issuer;
        } catch (problem) {
          // The channel stopped offering this provider while the viewer was at it.
          if (problem instanceof SocialError) return sendError(reply, problem);
          throw problem;
        }
        if (iss.replace(/\/$/, '') !== expected.replace(/\/$/, '')) {
          return sendError(reply, new SocialError(400, 'iss', 'The login answer comes from another provider.'));
        }
      }
      const target = new URL('/login', state.origin);
      target.searchParams.set('provider', provider);
      if (code) target.searchParams.set('code', code);
      else target.searchParams.set('error', error ?? 'access_denied');
      target.searchParams.set('state', sealed!);
      return reply.redirect(target.href, 302);
    },
  );

  app.post(
    '/v2/auth/social/:provider',
    { schema: { params: SocialProviderParam, body: SocialLoginBody.extend({ api_key: z.string().optional() }), response: { 200: SessionResponse, 400: ApiErrorBody, 404: ApiErrorBody, 422: ApiErrorBody, 502: ApiErrorBody } } },
    async (request, reply) => {
      try {
        const { provider } = request.params;
        const state = states().open(request.body.state);
        if (!state || state.provider !== provider) throw new SocialError(400, 'state', 'The login state is invalid or expired. Please log in again.');
        if (state.channelId !== request.channelId) throw new SocialError(400, 'state', 'The login state belongs to another channel.');
        // Login CSRF: someone who ran the flow with their own account could hand its code and state
        // to a victim's browser and log it into that account. Only the browser whose key started
        // the login (the site sends its key on this call) may finish it.
        if (!sameKey(state.apiKey, request.body.api_key)) throw new SocialError(400, 'state', 'This login was started elsewhere. Please log in again.');
        const client = await clientFor(request.channelId, provider);
        const claims = await exchange(client, provider, state, request.body.code);
        const email = typeof claims.email === 'string' ? claims.email.trim() : '';
        if (!email) throw new SocialError(422, 'email', `${provider} did not share an email address.`);
        const verified = claims.email_verified === true || claims.email_verified === 'true' || (claims.email_verified === undefined && providerConfig(request.channelId, provider).trustEmail === true);
        if (!verified) throw new SocialError(422, 'email', `${provider} has not verified this email address.`);
        const user = await findOrCreate(request.channelId, email, claims, state.register === true);
        // spec §5: no account yet, and the terms were not accepted: the site asks for them first.
        if (!user) return sendError(reply, new SocialError(422, 'terms', AUTH_MESSAGES.notRegistered), AUTH_REFUSAL_CODES.notRegistered);
        const apiKey = await startSession(app, { channelId: request.channelId, userId: user.id, replaceKey: request.body.api_key });
        return sessionAnswer(app, request.channelId, user, apiKey);
      } catch (error) {
        if (error instanceof SocialError) return sendError(reply, error);
        throw error;
      }
    },
  );
};

export default socialRoutes;
