/** The account routes of spec §2, as the site's absolute paths. */
export const AUTH_PATHS = {
  login: '/login',
  registration: '/registration',
  verifyNotice: '/verify-notice',
  verifyEmail: '/verify-email',
  passwordResetRequest: '/password-reset-request',
  passwordReset: '/password-reset',
  profile: '/profile',
  profileEdit: '/profile/edit',
  linkDevice: '/profile/sessions/add',
  confirmAccountDeletion: '/confirm-account-deletion',
  device: '/device',
} as const;

const AUTH_PAGES: readonly string[] = [
  AUTH_PATHS.login,
  AUTH_PATHS.registration,
  AUTH_PATHS.verifyNotice,
  AUTH_PATHS.verifyEmail,
  AUTH_PATHS.passwordResetRequest,
  AUTH_PATHS.passwordReset,
];

const GUEST_ONLY_PAGES: readonly string[] = [AUTH_PATHS.login, AUTH_PATHS.registration, AUTH_PATHS.passwordResetRequest, AUTH_PATHS.passwordReset];

function normalise(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/** spec §2: an authentication page, which is never remembered as the last visited page. */
export function isAuthPath(pathname: string): boolean {
  return AUTH_PAGES.includes(normalise(pathname));
}

/** spec §2: a page a logged-in user opening it is sent home from. */
export function isGuestOnlyPath(pathname: string): boolean {
  return GUEST_ONLY_PAGES.includes(normalise(pathname));
}
