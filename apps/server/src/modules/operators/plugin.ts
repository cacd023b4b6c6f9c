import { randomBytes } from 'node:crypto';
import fp from 'fastify-plugin';
import adminRoutes from './adminRoutes.ts';
import checkRoutes from './checkRoutes.ts';
import invitationRoutes from './invitationRoutes.ts';
import sessionRoutes from './sessionRoutes.ts';
import { type SecretBox, secretBox } from './totp.ts';
import totpRoutes from './totpRoutes.ts';
import { DEFAULT_SIGN_IN_LIMITS, type SignInLimits, type SignInThrottle, signInThrottle } from './throttle.ts';
import { registerConsoleRoutes } from './area.ts';

/** An operator's session lasts a working day, as the reports' did; then they sign in again. */
export const DEFAULT_CONSOLE_SESSION_SECONDS = 8 * 60 * 60;

export interface OperatorsOptions {
  /** Seals the operators' TOTP secrets. Default: random in memory (tests); `buildApp` passes the app secret. */
  secret?: string | Uint8Array;
  /** A console session's lifetime in seconds. Default 8 hours. */
  sessionSeconds?: number;
  /** The sign-in throttle's limits (tests lower them). */
  signInLimits?: Partial<SignInLimits>;
  /** The clock in milliseconds (tests move it for TOTP codes). */
  now?: () => number;
  /** The token the analytics service checks its reports' sign-ins with (`ANALYTICS_ADMIN_TOKEN`); unset: that check answers 404. */
  checkToken?: string | null;
}

export interface OperatorsService {
  box: SecretBox;
  throttle: SignInThrottle;
  /** The TOTP calls' own counters, per operator. */
  codeThrottle: SignInThrottle;
  sessionSeconds: number;
  now: () => number;
  checkToken: string | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    operatorsService: OperatorsService;
  }
}

declare module '../../core/appOptions.ts' {
  interface ModuleOptions {
    /** The control room's identity: sessions, TOTP sealing, sign-in limits. */
    operators?: OperatorsOptions;
  }
}

/**
 * The control room's identity (spec §1 admin dashboard): the operators' calls under /api/console,
 * outside the api key's scope (operators carry their own credential: a session cookie, or an
 * integration token as a bearer). Other modules guard their console calls with `requireConsole`.
 */
export default fp<OperatorsOptions>(
  async (app, options) => {
    const limits = { ...DEFAULT_SIGN_IN_LIMITS, ...options.signInLimits };
    app.decorate('operatorsService', {
      box: secretBox(options.secret ?? randomBytes(32)),
      throttle: signInThrottle(app.db, limits),
      codeThrottle: signInThrottle(app.db, limits, 'console-totp'),
      sessionSeconds: options.sessionSeconds ?? DEFAULT_CONSOLE_SESSION_SECONDS,
      now: options.now ?? Date.now,
      checkToken: options.checkToken ?? null,
    } satisfies OperatorsService);
    app.decorateRequest('consoleActor', null);
    app.decorateRequest('consoleSession', null);
    await registerConsoleRoutes(app, [sessionRoutes, totpRoutes, adminRoutes, invitationRoutes, checkRoutes]);
  },
  { name: 'operators', dependencies: ['db', 'api-key-auth', 'accounts-mail'] },
);
