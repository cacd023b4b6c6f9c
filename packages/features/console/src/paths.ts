/** The control room's own pages, as paths inside the app (its router's basename is `/console`). */
export const CONSOLE_PATHS = {
  home: '/',
  signIn: '/sign-in',
  invitation: '/invitation',
  twoStep: '/account/two-step',
  operators: '/operators',
  security: '/security',
  tokens: '/tokens',
  audit: '/audit',
} as const;

/** Where the app is served (architecture: `/console` on every channel host). */
export const CONSOLE_BASE = '/console';
