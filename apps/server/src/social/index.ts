import { ApiErrorBody, SessionResponse, SocialLoginBody, type SocialProvider, SocialProviderParam } from '@grandstand/contract';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as oidc from 'openid-client';
import { z } from 'zod';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createUsersRepository, EmailTakenError, endUserSessions, startSession, toContractUser } from '../accounts/index.ts';
import { hashApiKey } from '../repositories/apiKeyRepository.ts';
import { SOCIAL_PROVIDERS, type SocialConfig, type SocialProviderConfig } from './config.ts';
import { createStateSealer, type SocialState, type StateSealer } from './state.ts';

export { SOCIAL_PROVIDERS };
export type { SocialConfig, SocialProviderConfig };

export interface SocialPluginOptions {
  /** Which providers each channel has. Default: none; `serve` passes `loadConfig().social`. */
  config?: SocialConfig;
  /** Seals the login state. Default: random in memory; `serve` passes the app secret. Every instance needs the same. */
  secret?: string | Uint8Array;
}

class SocialError extends Error {
  readonly status: number;
  readonly field: string;
  constructor(status: number, field: string, message: string) {
    super(message);
    this.status = status;
    this.field = field;
  }
}

function sendError(reply: FastifyReply, error: SocialError) {
  const body: ApiErrorBody = { message: error.message, field: error.field, errors: { [error.field]: [error.message] } };
  return reply.code(error.status).send(body);
}

const LoginQuery = z.object({ api_key: z.string().optional() });
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

function isLoopback(url: string): boolean {
  return new URL(url).protocol === 'http:';
}

/**
 * Social login (spec §7): GET /api/auth/login/:provider sends the browser to the provider
 * (code flow, PKCE S256, nonce), the provider comes back to /api/auth/login/:provider/callback
 * (spec §7's redirect address), which hands code and state to the site's /login, and the site
 * finishes with POST /api/v2/auth/social/:provider {code, state} → a session.
 */
export default fp<SocialPluginOptions>(
  async (rootApp, options) => {
    const app = rootApp.withTypeProvider<ZodTypeProvider>();
    const config: SocialConfig = options.config ?? (() => null);
    let sealer: StateSealer | null = null;
    const states = () => (sealer ??= createStateSealer(options.secret ?? randomBytes(32)));
    const users = createUsersRepository(app.db);

    // The site shows a login button only for the providers a channel has (GET /settings).
    rootApp.decorate('socialProviders', (channelId: number): SocialProvider[] => {
      const channel = app.channels.byId(channelId);
      return channel ? SOCIAL_PROVIDERS.filter((provider) => config(channel.config.slug, provider) !== null) : [];
    });

    // Discovery once per channel and provider; a failed one is retried on the next login.
    const clients = new Map<string, Promise<oidc.Configuration>>();
    function providerConfig(channelId: number, provider: SocialProvider): SocialProviderConfig {
      const channel = app.channels.byId(channelId);
      const found = channel ? config(channel.config.slug, provider) : null;
      if (!found) throw new SocialError(404, 'provider', `Login with ${provider} is not available on this channel.`);
      return found;
    }
    function clientFor(channelId: number, provider: SocialProvider): Promise<oidc.Configuration> {
      const settings = providerConfig(channelId, provider);
      const cacheKey = `${channelId}:${provider}`;
      let client = clients.get(cacheKey);
      if (!client) {
        client = makeClient(settings).catch((error: unknown) => {
          clients.delete(cacheKey);
          app.log.warn({ err: error, provider }, 'social provider unreachable');
          throw new SocialError(502, 'provider', `${provider} cannot be reached. Please try again later.`);
        });
        clients.set(cacheKey, client);
      }
      return client;
    }

    // The /api routes live in the guarded /api scope (src/app.ts), which adds the /api prefix.
    rootApp.registerApiRoutes(async (scope) => {
    const app = scope.withTypeProvider<ZodTypeProvider>();
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
          const user = await findOrCreate(request.channelId, email, claims);
          const apiKey = await startSession(app, { channelId: request.channelId, userId: user.id, replaceKey: request.body.api_key });
          return { data: { user: toContractUser(user), api_key: apiKey } };
        } catch (error) {
          if (error instanceof SocialError) return sendError(reply, error);
          throw error;
        }
      },
    );

    });

    async function exchange(client: oidc.Configuration, provider: SocialProvider, state: SocialState, code: string): Promise<Record<string, unknown>> {
      const current = new URL(callbackUri(state.origin, provider));
      current.searchParams.set('code', code);
      current.searchParams.set('state', 'checked');
      // The callback checked `iss` already (the site relays only code and state).
      if (client.serverMetadata().authorization_response_iss_parameter_supported) current.searchParams.set('iss', client.serverMetadata().issuer);
      let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
      try {
        tokens = await oidc.authorizationCodeGrant(client, current, {
          pkceCodeVerifier: state.codeVerifier,
          expectedNonce: state.nonce,
          expectedState: 'checked',
          // An OpenID provider publishes its keys; without them (Facebook's classic login) there is no ID token.
          idTokenExpected: client.serverMetadata().jwks_uri !== undefined,
        });
      } catch (error) {
        logRefusal(error);
        throw new SocialError(400, 'code', `The ${provider} login code is invalid, expired or already used. Please log in again.`);
      }
      const idClaims = (tokens.claims() ?? {}) as Record<string, unknown>;
      if (typeof idClaims.email === 'string' || !client.serverMetadata().userinfo_endpoint) return idClaims;
      // No email in the ID token (or none at all, as with Facebook's classic login): the userinfo endpoint.
      const info = await oidc.fetchUserInfo(client, tokens.access_token, typeof idClaims.sub === 'string' ? idClaims.sub : oidc.skipSubjectCheck);
      const merged: Record<string, unknown> = { ...info, ...idClaims };
      merged.given_name ??= info.first_name;
      merged.family_name ??= info.last_name;
      return merged;
    }

    function logRefusal(error: unknown) {
      app.log.info({ err: error }, 'social code exchange refused');
    }

    async function findOrCreate(channelId: number, email: string, claims: Record<string, unknown>) {
      const existing = await users.findByEmail(channelId, email);
      if (existing) {
        // The provider vouches for the address: an account waiting for verification is verified now.
        // Its password was never proven to be the owner's (pre-account takeover: anyone can register
        // an address they do not hold and wait), so it is dropped — the owner sets one through a
        // reset — and whoever holds a session of the account is logged out.
        if (!existing.email_verified_at && (await users.verifyDroppingPassword(channelId, existing.id))) {
          await endUserSessions(app, channelId, existing.id);
        }
        return (await users.findById(channelId, existing.id)) ?? existing;
      }
      const name = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim().slice(0, 100) : null);
      try {
        return await users.create({ channelId, email, passwordHash: null, firstName: name(claims.given_name), lastName: name(claims.family_name), verified: true });
      } catch (error) {
        // Two logins of one new user at once: the other made the account.
        if (error instanceof EmailTakenError) {
          const made = await users.findByEmail(channelId, email);
          if (made) return made;
        }
        throw error;
      }
    }
  },
  { name: 'social', dependencies: ['db', 'api-key-auth'] },
);

function callbackUri(origin: string, provider: SocialProvider): string {
  return `${origin}/api/auth/login/${provider}/callback`;
}

async function makeClient(settings: SocialProviderConfig): Promise<oidc.Configuration> {
  const insecure = [settings.issuer, settings.authorizationEndpoint, settings.tokenEndpoint].some((u) => u !== undefined && isLoopback(u));
  let client: oidc.Configuration;
  if (settings.authorizationEndpoint && settings.tokenEndpoint) {
    client = new oidc.Configuration(
      {
        issuer: settings.issuer,
        authorization_endpoint: settings.authorizationEndpoint,
        token_endpoint: settings.tokenEndpoint,
        userinfo_endpoint: settings.userinfoEndpoint,
        jwks_uri: settings.jwksUri,
      },
      settings.clientId,
      settings.clientSecret,
    );
  } else {
    const discovered = await oidc.discovery(new URL(settings.issuer), settings.clientId, settings.clientSecret, undefined, {
      execute: insecure ? [oidc.allowInsecureRequests] : [],
    });
    const metadata = { ...discovered.serverMetadata() };
    if (settings.userinfoEndpoint) metadata.userinfo_endpoint = settings.userinfoEndpoint;
    if (settings.jwksUri) metadata.jwks_uri = settings.jwksUri;
    client = new oidc.Configuration(metadata, settings.clientId, settings.clientSecret);
  }
  // http is for a provider on this machine (tests, the demo); a real one is https.
  if (insecure) oidc.allowInsecureRequests(client);
  return client;
}


declare module '../app.ts' {
  interface BuildAppOptions {
    /** Social login providers per channel and the state secret; `serve` passes them from `loadConfig()`. */
    social?: SocialPluginOptions;
  }
}
