import { lazyView } from '@grandstand/ui';
import type { ReactNode } from 'react';
import type { DevicePlayer } from './views/DevicePage.tsx';
import type { RouteObject } from 'react-router';

const LoginPage = lazyView(async () => (await import('./views/LoginPage.tsx')).LoginPage);
const RegistrationPage = lazyView(async () => (await import('./views/RegistrationPage.tsx')).RegistrationPage);
const VerifyNoticePage = lazyView(async () => (await import('./views/VerifyNoticePage.tsx')).VerifyNoticePage);
const VerifyEmailPage = lazyView(async () => (await import('./views/VerifyEmailPage.tsx')).VerifyEmailPage);
const PasswordResetRequestPage = lazyView(async () => (await import('./views/PasswordResetRequestPage.tsx')).PasswordResetRequestPage);
const PasswordResetPage = lazyView(async () => (await import('./views/PasswordResetPage.tsx')).PasswordResetPage);
const ProfilePage = lazyView(async () => (await import('./views/ProfilePage.tsx')).ProfilePage);
const AddSessionPage = lazyView(async () => (await import('./views/AddSessionPage.tsx')).AddSessionPage);
const ProfileEditPage = lazyView(async () => (await import('./views/ProfileEditPage.tsx')).ProfileEditPage);
const ConfirmAccountDeletionPage = lazyView(async () => (await import('./views/ConfirmAccountDeletionPage.tsx')).ConfirmAccountDeletionPage);
const DevicePage = lazyView(async () => (await import('./views/DevicePage.tsx')).DevicePage);

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
  /** The player the device page (a TV) becomes once its viewer chose a game; the site passes the watch page's. */
  DevicePlayer?: DevicePlayer;
  /** How often the device page asks whether it was linked and what to play (ms); tests shorten it. */
  devicePollMs?: number;
}

/**
 * The account routes of spec §2 (relative, to mount as children of the site's layout route), each
 * view in its own lazy chunk. `sessions/add` (link a device) is here; the profile's other children
 * (orders, transactions, clips) come from their features through the options.
 */
export function createAuthRoutes(options: AuthRoutesOptions = {}): RouteObject[] {
  return [
    { path: 'login', element: <LoginPage apiBase={options.apiBase} /> },
    { path: 'registration', element: <RegistrationPage /> },
    { path: 'verify-notice', element: <VerifyNoticePage /> },
    { path: 'verify-email', element: <VerifyEmailPage /> },
    { path: 'password-reset-request', element: <PasswordResetRequestPage /> },
    { path: 'password-reset', element: <PasswordResetPage /> },
    {
      path: 'profile',
      element: <ProfilePage sectionsNav={options.profileSectionsNav} />,
      children: [...(options.profileChildren ?? []), { path: 'sessions/add', element: <AddSessionPage /> }],
    },
    { path: 'profile/edit', element: <ProfileEditPage /> },
    { path: 'confirm-account-deletion', element: <ConfirmAccountDeletionPage /> },
    { path: 'device', element: <DevicePage Player={options.DevicePlayer} pollMs={options.devicePollMs} /> },
  ];
}

/** The account routes with the API at '/api'. */
export const authRoutes: RouteObject[] = createAuthRoutes();
