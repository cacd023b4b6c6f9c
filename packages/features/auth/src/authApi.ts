import type {
  AddSessionBody,
  DeleteAccountBody,
  DeviceCodeResponse,
  DeviceNextBody,
  DeviceNextResponse,
  EmailVerifyBody,
  LoginBody,
  MessageResponse,
  PasswordResetBody,
  PasswordResetRequestBody,
  ProfileUpdateBody,
  RegisterBody,
  SessionResponse,
  SocialLoginBody,
  SocialProvider,
  User,
} from '@grandstand/contract';
import { trackLogin } from '@grandstand/analytics';
import { baseApi, endSession, setUser, startSession } from '@grandstand/store';

export type SessionResult = SessionResponse['data'];
export type DeviceCode = DeviceCodeResponse['data'];
export type MessageResult = MessageResponse['data'];
export interface SocialLoginArgs extends SocialLoginBody {
  provider: SocialProvider;
}
/** The profile form without the `_method` the endpoint adds (spec §7: POST /profile with _method patch). */
export type ProfileUpdate = Omit<ProfileUpdateBody, '_method'>;

/** How the viewer came in, for the analytics service's login event. */
type LoginMethod = 'password' | 'registration' | SocialProvider;

/**
 * spec §4: login, registration and social login store the user; the answered key becomes the
 * session. spec §7: each is a login for the analytics service, naming the viewer.
 */
async function storeSession(dispatch: (action: unknown) => unknown, queryFulfilled: Promise<{ data: SessionResult }>, method: LoginMethod): Promise<void> {
  try {
    const { data } = await queryFulfilled;
    dispatch(startSession(data));
    trackLogin({ id: data.user.id, email: data.user.email }, { method });
  } catch {
    // The view shows the failure; nothing is stored.
  }
}

/**
 * The account calls of spec §7. The api_key travels in the body of every POST (the client adds it);
 * the paths are the contract's (packages/contract/src/auth.ts).
 */
export const authApi = baseApi.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    login: build.mutation<SessionResult, LoginBody>({
      query: (body) => ({ url: '/v2/auth/login', method: 'POST', body }),
      transformResponse: (response: SessionResponse) => response.data,
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => storeSession(dispatch, queryFulfilled, 'password'),
    }),
    register: build.mutation<SessionResult, RegisterBody>({
      query: (body) => ({ url: '/v2/auth/register', method: 'POST', body }),
      transformResponse: (response: SessionResponse) => response.data,
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => storeSession(dispatch, queryFulfilled, 'registration'),
    }),
    socialLogin: build.mutation<SessionResult, SocialLoginArgs>({
      query: ({ provider, code, state }) => ({ url: `/v2/auth/social/${encodeURIComponent(provider)}`, method: 'POST', body: { code, state } }),
      transformResponse: (response: SessionResponse) => response.data,
      onQueryStarted: ({ provider }, { dispatch, queryFulfilled }) => storeSession(dispatch, queryFulfilled, provider),
    }),
    logout: build.mutation<null, void>({
      query: () => ({ url: '/auth/logout', method: 'POST' }),
      transformResponse: () => null,
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        // spec §4: logout clears the user and the key whatever the server answered, so a viewer
        // is never stuck logged in on this device.
        try {
          await queryFulfilled;
        } catch {
          // Ended locally all the same.
        }
        dispatch(endSession());
      },
    }),
    verifyEmail: build.mutation<MessageResult, EmailVerifyBody>({
      query: (body) => ({ url: '/auth/email-verify', method: 'POST', body: { ...body } }),
      transformResponse: (response: MessageResponse) => response.data,
    }),
    passwordResetRequest: build.mutation<MessageResult, PasswordResetRequestBody>({
      query: (body) => ({ url: '/auth/password-reset-request', method: 'POST', body }),
      transformResponse: (response: MessageResponse) => response.data,
    }),
    passwordReset: build.mutation<MessageResult, PasswordResetBody>({
      query: (body) => ({ url: '/auth/password-reset', method: 'POST', body: { ...body } }),
      transformResponse: (response: MessageResponse) => response.data,
    }),
    updateProfile: build.mutation<User, ProfileUpdate>({
      query: (body) => ({ url: '/profile', method: 'POST', body: { ...body, _method: 'patch' } }),
      transformResponse: (response: { data: User }) => response.data,
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        // spec §4: a profile update stores the user (and so lifts the temporary-password rule).
        try {
          const { data } = await queryFulfilled;
          dispatch(setUser(data));
        } catch {
          // The view shows the failure.
        }
      },
    }),
    deleteAccount: build.mutation<null, DeleteAccountBody>({
      query: (body) => ({ url: '/delete-account-confirm', method: 'POST', body }),
      transformResponse: () => null,
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
          dispatch(endSession());
        } catch {
          // A wrong password keeps the account and the session.
        }
      },
    }),
    requestDeviceCode: build.mutation<DeviceCode, void>({
      query: () => ({ url: '/auth/device_code', method: 'POST' }),
      transformResponse: (response: DeviceCodeResponse) => response.data,
    }),
    addSession: build.mutation<MessageResult | null, AddSessionBody>({
      query: (body) => ({ url: '/auth/add_session', method: 'POST', body }),
      transformResponse: (response: Partial<MessageResponse> | null) => response?.data ?? null,
    }),
    /** A linked device asks what its viewer chose to play on it (null: nothing yet). */
    getDeviceNext: build.query<number | null, void>({
      query: () => ({ url: '/auth/device/next' }),
      transformResponse: (response: DeviceNextResponse) => response.data.event_id,
    }),
    /** The viewer sends a game to the devices (TVs) they linked. */
    sendToDevice: build.mutation<MessageResult | null, DeviceNextBody>({
      query: (body) => ({ url: '/auth/device/next', method: 'POST', body }),
      transformResponse: (response: Partial<MessageResponse> | null) => response?.data ?? null,
    }),
  }),
});

export const {
  useLoginMutation,
  useRegisterMutation,
  useSocialLoginMutation,
  useLogoutMutation,
  useVerifyEmailMutation,
  usePasswordResetRequestMutation,
  usePasswordResetMutation,
  useUpdateProfileMutation,
  useDeleteAccountMutation,
  useRequestDeviceCodeMutation,
  useAddSessionMutation,
  useGetDeviceNextQuery,
  useSendToDeviceMutation,
} = authApi;
