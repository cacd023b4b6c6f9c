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
