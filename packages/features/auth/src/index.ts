export { authRoutes, createAuthRoutes } from './routes.tsx';
export type { AuthRoutesOptions } from './routes.tsx';
export { AUTH_PATHS, isAuthPath, isGuestOnlyPath } from './paths.ts';
export { authNamespace } from './namespace.ts';
export {
  authApi,
  useAddSessionMutation,
  useDeleteAccountMutation,
  useLoginMutation,
  useLogoutMutation,
  usePasswordResetMutation,
  usePasswordResetRequestMutation,
  useRegisterMutation,
  useRequestDeviceCodeMutation,
  useSocialLoginMutation,
  useUpdateProfileMutation,
  useVerifyEmailMutation,
} from './authApi.ts';
export type { DeviceCode, MessageResult, ProfileUpdate, SessionResult, SocialLoginArgs } from './authApi.ts';
export { LoginPage } from './views/LoginPage.tsx';
export type { LoginPageProps } from './views/LoginPage.tsx';
