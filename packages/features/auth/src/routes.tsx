import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';

export interface AuthRoutesOptions {
  /** The API base the social redirects start from; default '/api'. */
  apiBase?: string;
  /**
   * More children of `/profile` (spec §2: the order list as the default child, transactions, clips),
   * brought by the features that own them; the site composes them here.
   */
  profileChildren?: RouteObject[];
  /** The links to those children, shown on the profile above them. */
  profileSectionsNav?: ReactNode;
}

/**
 * The account routes of spec §2 (relative, to mount as children of the site's layout route), each
 * view in its own lazy chunk. `sessions/add` (link a device) is here; the profile's other children
 * (orders, transactions, clips) come from their features through the options.
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
      lazy: async () => {
        const { ProfilePage } = await import('./views/ProfilePage.tsx');
        return { element: <ProfilePage sectionsNav={options.profileSectionsNav} /> };
      },
      children: [
        ...(options.profileChildren ?? []),
        { path: 'sessions/add', lazy: async () => ({ Component: (await import('./views/AddSessionPage.tsx')).AddSessionPage }) },
      ],
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
