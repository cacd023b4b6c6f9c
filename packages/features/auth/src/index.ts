export { authRoutes, createAuthRoutes } from './routes.tsx';
export type { AuthRoutesOptions } from './routes.tsx';
export { AUTH_PATHS, isAuthPath, isGuestOnlyPath } from './paths.ts';
export { authNamespace } from './namespace.ts';
export {
  authApi,
  useAddSessionMutation,
  useDeleteAccountMutation,
  useGetDeviceNextQuery,
  useLoginMutation,
  useLogoutMutation,
  usePasswordResetMutation,
  usePasswordResetRequestMutation,
  useRegisterMutation,
  useRequestDeviceCodeMutation,
  useSendToDeviceMutation,
  useSocialLoginMutation,
  useUpdateProfileMutation,
  useVerifyEmailMutation,
} from './authApi.ts';
export type { DeviceCode, MessageResult, ProfileUpdate, SessionResult, SocialLoginArgs } from './authApi.ts';
export { LoginPage } from './views/LoginPage.tsx';
export type { LoginPageProps } from './views/LoginPage.tsx';
export { RegistrationPage } from './views/RegistrationPage.tsx';
export { VerifyNoticePage } from './views/VerifyNoticePage.tsx';
export { VerifyEmailPage } from './views/VerifyEmailPage.tsx';
export { PasswordResetRequestPage } from './views/PasswordResetRequestPage.tsx';
export { PasswordResetPage } from './views/PasswordResetPage.tsx';
export { ProfilePage } from './views/ProfilePage.tsx';
export type { ProfilePageProps } from './views/ProfilePage.tsx';
export { AddSessionPage } from './views/AddSessionPage.tsx';
export { ProfileEditPage } from './views/ProfileEditPage.tsx';
export { ConfirmAccountDeletionPage } from './views/ConfirmAccountDeletionPage.tsx';
export { DevicePage, DEVICE_POLL_MS, linkAddress } from './views/DevicePage.tsx';
export type { DevicePageProps, DevicePlayer } from './views/DevicePage.tsx';
export { checkConfirmation, checkEmail, checkNewPassword, checkRequired } from './validation.ts';
export type { ValidationKey } from './validation.ts';
