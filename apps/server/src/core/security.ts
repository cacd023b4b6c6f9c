import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

/**
 * Which policy a route's answers carry (route `config.csp`):
 * - `site` (default): the site, the api, media, the sandbox's and the outbox's pages; never framed;
 * - `embed`: the embed page `/watch_embed/{id}` (spec §2), which other sites put in an iframe;
 * - `mail-preview`: the outbox's message page, whose sandboxed frame shows the mail's own HTML.
 */
export type PolicyKind = 'site' | 'embed' | 'mail-preview';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The security policy of the route's answers (core/security.ts); `site` when unset. */
    csp?: PolicyKind;
  }
}

export interface SecurityOptions {
  /** Stripe is the card provider: Stripe.js's script, frames and api are allowed (on no other channel). */
  stripe?: boolean;
  /** Further origins the site may call (`reportingOrigins`: the analytics service, the error report services). */
  connect?: readonly string[];
  /**
   * Whether the request's host is a channel that sets a tag manager id (settings `google-analytics`):
   * only its answers allow the tag manager's script and hits. Unset: none does.
   */
  tagManager?: (hostname: string) => boolean;
}

const SAFE_ORIGIN = /^https?:\/\/(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/;

/**
 * The origins the site sends its analytics and error reports to (spec §7): the analytics service's
 * public URL and each channel's error DSN, each reduced to its origin (a DSN's public key and path
 * are not the policy's business), once each. Anything that is not an http(s) address is left out.
 */
export function reportingOrigins(analyticsUrl: string | null, errorDsns: readonly (string | null)[]): string[] {
  const origins = new Set<string>();
  for (const address of [analyticsUrl, ...errorDsns]) {
    if (!address || !URL.canParse(address)) continue;
    const { origin } = new URL(address);
    // A host may hold characters that mean something in a policy (`;` ends a directive): only
    // plain host names and addresses go in.
    if (SAFE_ORIGIN.test(origin)) origins.add(origin);
  }
  return [...origins];
}

export const TAG_MANAGER_ORIGIN = 'https://www.googletagmanager.com';
/** Where the tag manager's analytics tags (GA4) send their hits. */
export const ANALYTICS_CONNECT = ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com'];
export const STRIPE_JS_ORIGIN = 'https://js.stripe.com';
export const STRIPE_FRAMES = [STRIPE_JS_ORIGIN, 'https://hooks.stripe.com'];
export const STRIPE_API_ORIGIN = 'https://api.stripe.com';

interface ResponsePolicy {
  nonce: string;
  kind: PolicyKind;
  /** The host's channel loads the tag manager. */
  tagManager: boolean;
}

/** Helmet's directive functions see only the raw response: the request's nonce and kind wait there. */
const policies = new WeakMap<ServerResponse, ResponsePolicy>();

/**
 * This answer's nonce: the one `'nonce-…'` source of its `style-src`. Server-rendered pages put it
 * on their `<style>`; the site's index.html on its first-frame `<style>` and in
 * `<meta property="csp-nonce">`, where styled-components reads it for the `<style>` tags it injects.
 */
export function cspNonce(reply: FastifyReply): string {
  const policy = policies.get(reply.raw);
  if (!policy) throw new Error('No security policy on this answer: register core/security.ts first');
  return policy.nonce;
}

const policyOf = (res: ServerResponse): ResponsePolicy => policies.get(res) ?? { nonce: '', kind: 'site', tagManager: false };

/** The tag manager's sources where the answer's channel loads it; nothing elsewhere. */
function tagManagerSources(...sources: string[]) {
  return (_req: IncomingMessage, res: ServerResponse) => (policyOf(res).tagManager ? sources.join(' ') : '');
}

/**
 * The content security policy, directive by directive; `nonce` and `frame-ancestors` vary per answer.
 * Why each source is there (apps/server/README.md, Security headers):
 */
export function policyDirectives(options: SecurityOptions) {
  const stripe = options.stripe === true;
  return {
    // Everything else (fonts, manifest, workers) only from this origin.
    'default-src': ["'self'"],
    // The built site's modules (/assets), the tag manager (packages/analytics: spec §7 "A tag-manager
    // script is loaded by tracking id") on a channel that sets a tracking id only, and Stripe.js on a
    // Stripe channel. No inline script anywhere, so neither 'unsafe-inline' nor a script nonce. The
    // tag manager runs whatever tags its container holds, with the page's reach (the session key in
    // localStorage included): a channel without one does not extend that trust to Google's host.
    'script-src': ["'self'", tagManagerSources(TAG_MANAGER_ORIGIN), ...(stripe ? [STRIPE_JS_ORIGIN] : [])],
    'script-src-attr': ["'none'"],
    // styled-components writes its rules into <style> elements it creates at run time, whose text no
    // hash can know in advance: each answer carries a fresh nonce instead of 'unsafe-inline', which
    // the site hands to styled-components through <meta property="csp-nonce"> (styled-components 6
    // reads it before __webpack_nonce__, which a Vite build has no way to set). Injected markup
    // without the nonce can then add no style sheet (no CSS-selector exfiltration of the page).
    // React's `style` props go through the CSSOM, which CSP does not govern.
    'style-src': ["'self'", (_req: IncomingMessage, res: ServerResponse) => `'nonce-${policyOf(res).nonce}'`],
    // Mail's HTML is written with style attributes, as mail clients require; only the outbox's
    // message page shows it (in a sandboxed srcdoc frame, which inherits this policy).
    'style-src-attr': [(_req: IncomingMessage, res: ServerResponse) => (policyOf(res).kind === 'mail-preview' ? "'unsafe-inline'" : "'none'")],
    // Event, team and slide images and channel logos come from the channel's own image host, any
    // https address (the catalog stores full URLs); data: for small inline images.
    'img-src': ["'self'", 'data:', 'https:'],
    // The player (shaka) plays HLS through Media Source Extensions: the <video> gets a blob: address.
    'media-src': ["'self'", 'blob:'],
    // The api and the media on this origin; the tag manager's hits; the analytics service and the
    // error report services (packages/analytics); Stripe's api on a Stripe channel.
    'connect-src': ["'self'", tagManagerSources(...ANALYTICS_CONNECT), ...(options.connect ?? []), ...(stripe ? [STRIPE_API_ORIGIN] : [])],
    // Stripe's card element and its 3-D Secure step live in Stripe's frames; nothing else is framed.
    'frame-src': stripe ? STRIPE_FRAMES : ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    // The sandbox's authentication and portal forms post to this origin.
    'form-action': ["'self'"],
    // Clickjacking: no page may be framed but the embed page, which any site may frame (spec §2).
    'frame-ancestors': [(_req: IncomingMessage, res: ServerResponse) => (policyOf(res).kind === 'embed' ? '*' : "'none'")],
  };
}

/** The headers' settings, shared by the plugin and the answer to a malformed address. */
function helmetOptions(options: SecurityOptions) {
  return {
    contentSecurityPolicy: { useDefaults: false, directives: policyDirectives(options) },
    xFrameOptions: false,
    // Browsers honour it only over https (production, behind TLS); each channel site has its own
    // host name, so it says nothing of other subdomains.
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: false },
    // The signed links (password reset, email verification) sit in the page's address: send no referrer anywhere.
    referrerPolicy: { policy: 'no-referrer' as const },
  };
}

/**
 * Nonces are cut from a pool of random bytes refilled 256 at a time: one system call per 256
 * answers instead of one per answer, each nonce still 128 bits no other answer shares.
 */
const NONCE_BYTES = 16;
const NONCES_PER_FILL = 256;
let noncePool = Buffer.alloc(0);
let nonceOffset = 0;
function nextNonce(): string {
  if (nonceOffset + NONCE_BYTES > noncePool.length) {
    noncePool = randomBytes(NONCE_BYTES * NONCES_PER_FILL);
    nonceOffset = 0;
  }
  const nonce = noncePool.toString('base64', nonceOffset, nonceOffset + NONCE_BYTES);
  nonceOffset += NONCE_BYTES;
  return nonce;
}

/** Sets this answer's nonce, kind and X-Frame-Options: read by helmet's directive functions. */
function preparePolicy(reply: FastifyReply, kind: PolicyKind, tagManager = false): void {
  policies.set(reply.raw, { nonce: nextNonce(), kind, tagManager });
  // Helmet's frameguard is one value for all: the legacy header follows frame-ancestors here. Set
  // on the raw answer, like helmet's own headers, so an error answer keeps it too.
  if (kind !== 'embed') reply.raw.setHeader('x-frame-options', 'DENY');
}

/**
 * Fastify's `frameworkErrors`: a malformed address (`/%E0%A4%A`) is refused before any route or
 * hook runs, so the plugin's hooks never see it. It gets the same headers and an `ApiErrorBody`
 * naming `url` (the default answer echoes the address, unprotected by nosniff).
 */
export function frameworkErrorHandler(
  options: SecurityOptions,
  respond: (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => FastifyReply,
) {
  const headers = helmet(helmetOptions(options));
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    preparePolicy(reply, 'site');
    headers(request.raw, reply.raw, () => {});
    return respond(error, request, reply);
  };
}

/**
 * Security headers on every answer (site pages, assets, /api, /media, the sandbox's and the outbox's
 * pages, errors and 404s), through helmet: a content security policy, X-Frame-Options DENY (but on
 * the embed page), nosniff, no referrer, HSTS, COOP and CORP same-origin. Registered first, so its
 * onRequest hook runs before any other hook can fail the request; a malformed address, refused
 * before any hook, goes through `frameworkErrorHandler`.
 *
 * helmet's middleware is built once and run on each answer (its directive functions read the
 * answer's nonce and kind). @fastify/helmet was not used: with nonces it builds a new helmet
 * middleware, parsing every directive, on each request, which cut the catalog routes' throughput
 * to a third.
 */
export default fp<SecurityOptions>(
  async (app, options) => {
    const headers = helmet(helmetOptions(options));
    app.addHook('onRequest', (request, reply, done) => {
      preparePolicy(reply, request.routeOptions.config.csp ?? 'site', options.tagManager?.(request.hostname) ?? false);
      headers(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined));
    });
  },
  { name: 'security' },
);
