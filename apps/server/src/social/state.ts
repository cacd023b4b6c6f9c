import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { SocialProvider } from '@grandstand/contract';

/**
 * What a social login has to remember between the redirect to the provider and the code exchange.
 * It travels IN the `state` parameter (spec §7: the state carries the api_key), sealed with
 * AES-256-GCM: the tag authenticates it (nothing in it can be forged or altered, like an HMAC),
 * and the encryption hides the PKCE verifier, which must never sit in a URL beside the code it
 * protects. So the API keeps no table and no memory of logins in progress: any instance with the
 * same secret finishes a login another one started.
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
  /** Unix ms after which the state is refused. */
  expiresAt: number;
}

/** How long a viewer may spend at the provider's login form. */
export const STATE_TTL_MS = 10 * 60 * 1000;

const VERSION = 'v1';

export interface StateSealer {
  seal(state: SocialState): string;
  /** The state, or null when it was forged, altered, sealed with another secret or expired. */
  open(sealed: string, now?: number): SocialState | null;
}

export function createStateSealer(secret: string | Uint8Array): StateSealer {
  // A key of its own, derived from the shared secret, so no other use of the secret can open a state.
  const key = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), 'grandstand social login state', 32));
  return {
    seal(state) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(VERSION));
      const body = Buffer.concat([cipher.update(JSON.stringify(state), 'utf8'), cipher.final()]);
      return [VERSION, iv.toString('base64url'), body.toString('base64url'), cipher.getAuthTag().toString('base64url')].join('.');
    },
    open(sealed, now = Date.now()) {
      const parts = sealed.split('.');
      if (parts.length !== 4 || parts[0] !== VERSION) return null;
      const [, iv, body, tag] = parts as [string, string, string, string];
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAAD(Buffer.from(VERSION));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        const text = Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
        const state = JSON.parse(text) as SocialState;
        if (typeof state.expiresAt !== 'number' || state.expiresAt < now) return null;
        return state;
      } catch {
        return null;
      }
    },
  };
}
