import type { SocialProvider } from '@grandstand/contract';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as oidc from 'openid-client';
import { randomBytes } from 'node:crypto';
import { EmailTakenError, endUserSessions } from '../accounts/index.ts';
import type { UserRow } from '../accounts/tables.ts';
import { SOCIAL_PROVIDERS, type SocialConfig, type SocialProviderConfig } from './config.ts';
import { createStateSealer, type SocialState, type StateSealer } from './state.ts';
import { Refusal } from '../../core/refusal.ts';

export { SOCIAL_PROVIDERS };
export type { SocialConfig, SocialProviderConfig };

export interface SocialPluginOptions {
  /** Which providers each channel has. Default: none; `serve` passes `loadConfig().social`. */
  config?: SocialConfig;
  /** Seals the login state. Default: random in memory; `serve` passes the app secret. Every instance needs the same. */
  secret?: string | Uint8Array;
}

/** A refusal of a social login step: the status and the field the answer names. */
export class SocialError extends Refusal {
  override name = 'SocialError';
  constructor(status: number, field: string, message: string) {
    super(status, field, undefined, message);
  }
}

function isLoopback(url: string): boolean {
  return new URL(url).protocol === 'http:';
}

/** What the social login routes (`modules/social/routes.ts`) ask of the configured providers. */
export interface SocialLogin {
  /** The channel's settings for the provider; a SocialError (404) when the channel does not offer it. */
  providerConfig(channelId: number, provider: SocialProvider): SocialProviderConfig;
  /** The provider's client, discovered once per channel and provider; a SocialError (502) when it cannot be reached. */
  client(channelId: number, provider: SocialProvider): Promise<oidc.Configuration>;
  /** Seals and opens the login state. */
  states(): StateSealer;
  /** The provider's claims for a login code; a SocialError (400) when the code is refused. */
  exchange(client: oidc.Configuration, provider: SocialProvider, state: SocialState, code: string): Promise<Record<string, unknown>>;
  /**
   * The channel's account of the address the provider vouches for, made when there is none and
   * `register` says the viewer accepted the terms (spec §5); null when there is none to log into.
   */
  findOrCreate(channelId: number, email: string, claims: Record<string, unknown>, register: boolean): Promise<UserRow | null>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Social login (modules/social/index.ts), for the routes of `modules/social/routes.ts`. */
    social: SocialLogin;
  }
}

/**
 * Social login (spec §7): GET /api/auth/login/:provider sends the browser to the provider
 * (code flow, PKCE S256, nonce), the provider comes back to /api/auth/login/:provider/callback
 * (spec §7's redirect address), which hands code and state to the site's /login, and the site
 * finishes with POST /api/v2/auth/social/:provider {code, state} → a session. The routes are in
 * `modules/social/routes.ts`; this plugin holds the providers, their clients and the login state.
 */
export default fp<SocialPluginOptions>(
  async (rootApp, options) => {
    const app = rootApp.withTypeProvider<ZodTypeProvider>();
    const config: SocialConfig = options.config ?? (() => null);
    let sealer: StateSealer | null = null;
    const states = () => (sealer ??= createStateSealer(options.secret ?? randomBytes(32)));
    const users = app.usersRepository;

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

    async function findOrCreate(channelId: number, email: string, claims: Record<string, unknown>, register: boolean): Promise<UserRow | null> {
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
      // spec §5: an account is made only for a viewer who accepted the terms (the registration page).
      if (!register) return null;
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

    rootApp.decorate('social', { providerConfig, client: clientFor, states, exchange, findOrCreate } satisfies SocialLogin);
  },
  { name: 'social', dependencies: ['db', 'users-repository'] },
);

/** spec §7's redirect address: the provider sends the browser back here. */
export function callbackUri(origin: string, provider: SocialProvider): string {
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


declare module '../../core/appOptions.ts' {
  interface ModuleOptions {
    /** Social login providers per channel and the state secret; `serve` passes them from `loadConfig()`. */
    social?: SocialPluginOptions;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The social logins a channel has configured; absent when social login is not registered. */
    socialProviders?: (channelId: number) => SocialProvider[];
  }
}
