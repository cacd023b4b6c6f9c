import { startTestProvider } from './provider.ts';

/**
 * The local stand-in for Google, standalone, for the site's end-to-end test and the demo:
 *   PORT=9090 SITE_ORIGINS=http://localhost:5173,http://laurentides.localhost:5173 node test/oidc/serve.ts
 * Then give the server SOCIAL_GOOGLE_ISSUER=http://localhost:9090, SOCIAL_GOOGLE_CLIENT_ID and
 * SOCIAL_GOOGLE_CLIENT_SECRET as printed.
 */
const port = Number(process.env.PORT ?? 9090);
const origins = (process.env.SITE_ORIGINS ?? 'http://localhost:5173,http://laurentides.localhost:5173,http://localhost:8080,http://laurentides.localhost:8080')
  .split(',')
  .map((o) => o.trim().replace(/\/$/, ''))
  .filter(Boolean);
const redirectUris = origins.flatMap((origin) => ['google', 'facebook'].map((p) => `${origin}/api/auth/login/${p}/callback`));
const running = await startTestProvider({ port, redirectUris });
console.log(`OpenID provider at ${running.issuer} (client ${running.clientId}, secret ${running.clientSecret}); redirects: ${redirectUris.join(' ')}`);
const stop = () => void running.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
