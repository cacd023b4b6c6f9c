import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';

/**
 * A local OpenID provider that stands in for Google: code flow with PKCE, email and
 * profile claims, and oidc-provider's development login form, where any login is accepted — an
 * email address becomes the account's email (`ana.lima@example.test` → given name "Ana", family
 * name "Lima"), anything else `<login>@example.test`. Consent is granted at once, as Google does
 * for an app the viewer has already allowed, so a browser sees one form.
 */
export interface TestProviderOptions {
  /** Loopback port; 0 picks a free one. */
  port?: number;
  clientId?: string;
  clientSecret?: string;
  /** Every redirect address the client may use: `<site origin>/api/auth/login/google/callback`. */
  redirectUris: string[];
}

export interface RunningProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  provider: Provider;
  close(): Promise<void>;
}

export const TEST_CLIENT_ID = 'grandstand-local';
export const TEST_CLIENT_SECRET = 'grandstand-local-secret-not-for-production';

/** Claims of a login: the email is the login itself when it looks like one. */
export function claimsOf(login: string): { sub: string; email: string; email_verified: boolean; given_name: string; family_name: string } {
  const email = login.includes('@') ? login.trim().toLowerCase() : `${login.trim().toLowerCase() || 'viewer'}@example.test`;
  const [first = 'Viewer', last = 'Local'] = (email.split('@')[0] ?? '').split(/[._-]+/).filter(Boolean);
  const title = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
  return { sub: email, email, email_verified: true, given_name: title(first), family_name: title(last) };
}

export async function startTestProvider(options: TestProviderOptions): Promise<RunningProvider> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const issuer = `http://localhost:${port}`;
  const clientId = options.clientId ?? TEST_CLIENT_ID;
  const clientSecret = options.clientSecret ?? TEST_CLIENT_SECRET;

  const configuration: Configuration = {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    pkce: { required: () => true },
    features: { devInteractions: { enabled: true } },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
    // As Google does: the scopes' claims are in the ID token itself.
    conformIdTokenClaims: false,
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 3600, IdToken: 600, Interaction: 600, Session: 3600 },
    cookies: { keys: ['grandstand-local-provider-cookie-key'] },
    findAccount: async (_ctx, id) => ({ accountId: id, claims: async () => claimsOf(id) }),
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const grantId = ctx.oidc.result?.consent?.grantId || ctx.oidc.session!.grantIdFor(ctx.oidc.client!.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client!.clientId, accountId: ctx.oidc.session!.accountId! });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  };
  const provider = new Provider(issuer, configuration);
  server.on('request', provider.callback());
  return {
    issuer,
    clientId,
    clientSecret,
    provider,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
