import type { RouteObject } from 'react-router';

export interface AuthRoutesOptions {
  /** The API base the social redirects start from; default '/api'. */
  apiBase?: string;
}

/**
 * The account routes of spec §2 (relative, to mount as children of the site's layout route), each
 * view in its own lazy chunk. The profile's order, transaction and clip children come with their
 * issues; `sessions/add` (link a device) is here.
 */
export function createAuthRoutes(options: AuthRoutesOptions = {}): RouteObject[] {
  return [
    {
      path: 'login',
      lazy: async () => {
        const { LoginPage } = await import('./views/LoginPage.tsx');
        return { element: <LoginPage apiBase={options.apiBase} /> };
      },
    },
    { path: 'registration', lazy: async () => ({ Component: (await import('./views/RegistrationPage.tsx')).RegistrationPage }) },
    { path: 'verify-notice', lazy: async () => ({ Component: (await import('./views/VerifyNoticePage.tsx')).VerifyNoticePage }) },
    { path: 'verify-email', lazy: async () => ({ Component: (await import('./views/VerifyEmailPage.tsx')).VerifyEmailPage }) },
    {
      path: 'password-reset-request',
      lazy: async () => ({ Component: (await import('./views/PasswordResetRequestPage.tsx')).PasswordResetRequestPage }),
    },
    { path: 'password-reset', lazy: async () => ({ Component: (await import('./views/PasswordResetPage.tsx')).PasswordResetPage }) },
    {
      path: 'profile',
      lazy: async () => ({ Component: (await import('./views/ProfilePage.tsx')).ProfilePage }),
      children: [{ path: 'sessions/add', lazy: async () => ({ Component: (await import('./views/AddSessionPage.tsx')).AddSessionPage }) }],
    },
    { path: 'profile/edit', lazy: async () => ({ Component: (await import('./views/ProfileEditPage.tsx')).ProfileEditPage }) },
    {
      path: 'confirm-account-deletion',
      lazy: async () => ({ Component: (await import('./views/ConfirmAccountDeletionPage.tsx')).ConfirmAccountDeletionPage }),
    },
    { path: 'device', lazy: async () => ({ Component: (await import('./views/DevicePage.tsx')).DevicePage }) },
  ];
}

/** The account routes with the API at '/api'. */
export const authRoutes: RouteObject[] = createAuthRoutes();
