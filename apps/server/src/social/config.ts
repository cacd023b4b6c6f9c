import type { SocialProvider } from '@grandstand/contract';

/** The providers of spec §7's social login redirect addresses. */
export const SOCIAL_PROVIDERS = ['google', 'facebook'] as const satisfies readonly SocialProvider[];

/**
 * One provider for one channel. With `issuer` alone the endpoints come from the issuer's OpenID
 * discovery document; any endpoint given here replaces the discovered one, and with an
 * authorization and a token endpoint no discovery is made (Facebook's classic login has none).
 */
export interface SocialProviderConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  authorizationEndpoint?: string;
  tokenEndpoint?: string;
  userinfoEndpoint?: string;
  jwksUri?: string;
  /** The provider only ever gives verified addresses, so a missing `email_verified` counts as true. */
  trustEmail?: boolean;
}

/** channel slug → provider → configuration. A provider missing here answers 404 for that channel. */
export type SocialConfig = (slug: string, provider: SocialProvider) => SocialProviderConfig | null;

const FIELDS = {
  issuer: 'ISSUER',
  clientId: 'CLIENT_ID',
  clientSecret: 'CLIENT_SECRET',
  authorizationEndpoint: 'AUTHORIZATION_ENDPOINT',
  tokenEndpoint: 'TOKEN_ENDPOINT',
  userinfoEndpoint: 'USERINFO_ENDPOINT',
  jwksUri: 'JWKS_URI',
} as const;

/**
 * `SOCIAL_<PROVIDER>_<FIELD>` for every channel, `GRANDSTAND_<SLUG>_SOCIAL_<PROVIDER>_<FIELD>` for
 * one channel (each field on its own: a channel can keep the shared issuer with its own client).
 * A provider is enabled when issuer and client id are both set.
 */
export function socialConfigFromEnv(env: NodeJS.ProcessEnv = process.env): SocialConfig {
  return (slug, provider) => {
    const channelPrefix = `GRANDSTAND_${slug.toUpperCase().replace(/[^A-Z0-9]/g, '_')}_SOCIAL_${provider.toUpperCase()}_`;
    const sharedPrefix = `SOCIAL_${provider.toUpperCase()}_`;
    const read = (field: string) => env[channelPrefix + field] || env[sharedPrefix + field] || undefined;
    const issuer = read(FIELDS.issuer);
    const clientId = read(FIELDS.clientId);
    if (!issuer || !clientId) return null;
    const trust = read('TRUST_EMAIL');
    return {
      issuer,
      clientId,
      clientSecret: read(FIELDS.clientSecret) ?? '',
      authorizationEndpoint: read(FIELDS.authorizationEndpoint),
      tokenEndpoint: read(FIELDS.tokenEndpoint),
      userinfoEndpoint: read(FIELDS.userinfoEndpoint),
      jwksUri: read(FIELDS.jwksUri),
      trustEmail: trust === undefined ? provider === 'facebook' : trust === '1' || trust === 'true',
    };
  };
}
