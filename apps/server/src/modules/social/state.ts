import type { SocialProvider } from '@grandstand/contract';
import { z } from 'zod';
import { type Secret, sealedTokens } from '../../core/tokens.ts';
import { SOCIAL_PROVIDERS } from './config.ts';

/**
 * What a social login has to remember between the redirect to the provider and the code exchange.
 * It travels IN the `state` parameter (spec §7: the state carries the api_key), sealed with
 * AES-256-GCM: the tag authenticates it (nothing in it can be forged or altered, like an HMAC),
 * and the encryption hides the PKCE verifier, which must never sit in a URL beside the code it
 * protects. So the API keeps no table and no memory of logins in progress: any instance with the
 * same secret finishes a login another one started. The state expires STATE_TTL_MS after it was sealed.
 */
export interface SocialState {
  provider: SocialProvider;
  channelId: number;
  /** The api key the login started with (spec §7). */
  apiKey: string;
  /** The site origin the login started on: the callback sends the browser back there. */
  origin: string;
  codeVerifier: string;
  nonce: string;
  /** Started from the registration page with the terms accepted (spec §5): an address with no account gets one. */
  register?: boolean;
}

/** How long a viewer may spend at the provider's login form. */
export const STATE_TTL_MS = 10 * 60 * 1000;

const SocialStatePayload = z.object({
  provider: z.enum(SOCIAL_PROVIDERS),
  channelId: z.number().int(),
  apiKey: z.string(),
  origin: z.string(),
  codeVerifier: z.string(),
  nonce: z.string(),
  register: z.boolean().optional(),
});

export interface StateSealer {
  /** The sealed state, valid for STATE_TTL_MS from `now` (Unix ms). */
  seal(state: SocialState, now?: number): string;
  /** The state, or null when it was forged, altered, sealed with another secret or for another purpose, or expired. */
  open(sealed: string, now?: number): SocialState | null;
}

/** A sealed token of `src/core/tokens.ts` (purpose `social-login-state`, its own key derived from the secret). */
export function createStateSealer(secret: Secret): StateSealer {
  const tokens = sealedTokens(secret, 'social-login-state', SocialStatePayload);
  const seconds = (ms: number) => Math.floor(ms / 1000);
  return {
    seal: (state, now = Date.now()) => tokens.sign(state, seconds(now + STATE_TTL_MS)),
    open: (sealed, now = Date.now()) => tokens.verify(sealed, seconds(now)),
  };
}
