import type {
  AcceptInvitationBody,
  AuditResponse,
  ConsoleInvitation,
  ConsoleInvitationsResponse,
  ConsoleMember,
  ConsoleMembersResponse,
  ConsoleOperator,
  ConsoleSecurity,
  ConsoleSessionResponse,
  ConsoleSignInBody,
  IntegrationToken,
  IntegrationTokensResponse,
  InvitationBody,
  InvitationInfo,
  NewTokenBody,
  NewTokenResponse,
  OperatorRole,
  TotpSetupResponse,
} from '@grandstand/contract';
import type { RequestOptions } from '@grandstand/api-client';
import { baseApi } from '@grandstand/store';

/** The control room's own tags, added to the one api (architecture: each feature adds its own). */
export const CONSOLE_TAG_TYPES = ['ConsoleSession', 'ConsoleOperators', 'ConsoleInvitations', 'ConsoleSecurity', 'ConsoleTokens', 'ConsoleAudit'] as const;

/**
 * A call of the console API (`/api/console/...`). A 401 there means the operator's session ended,
 * not that the viewer's api key failed: the call is refused quietly and the key is kept.
 */
function consoleCall(url: string, options: Omit<RequestOptions, 'url'> = {}): RequestOptions {
  return { url: `/console${url}`, tolerate401: true, ...options };
}

/** Every change an operator makes is in the audit log: a write makes the log's pages stale. */
const AUDITED = { type: 'ConsoleAudit', id: 'LIST' } as const;

/**
 * A sign-in's (or an accepted invitation's) operator becomes the session at once: the shell opens
 * without asking for it again. A refusal stores nothing; the form shows it.
 */
async function storeSession(dispatch: (action: unknown) => unknown, queryFulfilled: Promise<{ data: ConsoleOperator }>): Promise<void> {
  try {
    const { data } = await queryFulfilled;
    dispatch(consoleApi.util.upsertQueryData('getConsoleSession', undefined, data));
  } catch {
    // Nothing to store.
  }
}

/**
 * The console's identity calls (packages/contract/src/console/operators.ts): the session and its
 * second factor, the channel's operators, invitations, security, integration tokens and audit log.
 */
export const consoleApi = baseApi.enhanceEndpoints({ addTagTypes: CONSOLE_TAG_TYPES }).injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getConsoleSession: build.query<ConsoleOperator, void>({
      query: () => consoleCall('/session'),
      transformResponse: (response: ConsoleSessionResponse) => response.operator,
      providesTags: ['ConsoleSession'],
    }),
    signIn: build.mutation<ConsoleOperator, ConsoleSignInBody>({
      query: (body) => consoleCall('/session', { method: 'POST', body: { ...body } }),
      transformResponse: (response: ConsoleSessionResponse) => response.operator,
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => storeSession(dispatch, queryFulfilled),
    }),
    signOut: build.mutation<null, void>({
      query: () => consoleCall('/session', { method: 'DELETE' }),
      transformResponse: () => null,
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
        } finally {
          // Whatever the server answered, nothing of the operator's stays in this tab.
          dispatch(consoleApi.util.resetApiState());
        }
      },
    }),
    startTotpSetup: build.mutation<TotpSetupResponse, void>({
      query: () => consoleCall('/totp/setup', { method: 'POST' }),
    }),
    enableTotp: build.mutation<null, { code: string }>({
      query: (body) => consoleCall('/totp/enable', { method: 'POST', body }),
      transformResponse: () => null,
      invalidatesTags: ['ConsoleSession', AUDITED, { type: 'ConsoleOperators', id: 'LIST' }],
    }),
    disableTotp: build.mutation<null, { code: string }>({
      query: (body) => consoleCall('/totp/disable', { method: 'POST', body }),
      transformResponse: () => null,
      invalidatesTags: ['ConsoleSession', AUDITED, { type: 'ConsoleOperators', id: 'LIST' }],
    }),
    getSecurity: build.query<ConsoleSecurity, void>({
      query: () => consoleCall('/security'),
      providesTags: ['ConsoleSecurity'],
    }),
    updateSecurity: build.mutation<ConsoleSecurity, ConsoleSecurity>({
      query: (body) => consoleCall('/security', { method: 'PATCH', body: { ...body } }),
      invalidatesTags: ['ConsoleSecurity', 'ConsoleSession', AUDITED],
    }),
    getOperators: build.query<ConsoleMember[], void>({
      query: () => consoleCall('/operators'),
      transformResponse: (response: ConsoleMembersResponse) => response.operators,
      providesTags: (operators) => [...(operators ?? []).map(({ id }) => ({ type: 'ConsoleOperators' as const, id })), { type: 'ConsoleOperators', id: 'LIST' }],
    }),
    changeRole: build.mutation<unknown, { id: number; role: OperatorRole }>({
      query: ({ id, role }) => consoleCall(`/operators/${id}`, { method: 'PATCH', body: { role } }),
      invalidatesTags: (_result, _error, { id }) => [{ type: 'ConsoleOperators', id }, { type: 'ConsoleOperators', id: 'LIST' }, 'ConsoleSession', AUDITED],
    }),
    removeOperator: build.mutation<unknown, number>({
      query: (id) => consoleCall(`/operators/${id}`, { method: 'DELETE' }),
      invalidatesTags: [{ type: 'ConsoleOperators', id: 'LIST' }, AUDITED],
    }),
    getInvitations: build.query<ConsoleInvitation[], void>({
      query: () => consoleCall('/invitations'),
      transformResponse: (response: ConsoleInvitationsResponse) => response.invitations,
      providesTags: [{ type: 'ConsoleInvitations', id: 'LIST' }],
    }),
    invite: build.mutation<unknown, InvitationBody>({
      query: (body) => consoleCall('/invitations', { method: 'POST', body: { ...body } }),
      invalidatesTags: [{ type: 'ConsoleInvitations', id: 'LIST' }, AUDITED],
    }),
    withdrawInvitation: build.mutation<unknown, number>({
      query: (id) => consoleCall(`/invitations/${id}`, { method: 'DELETE' }),
      invalidatesTags: [{ type: 'ConsoleInvitations', id: 'LIST' }, AUDITED],
    }),
    getInvitation: build.query<InvitationInfo, string>({
      query: (token) => consoleCall(`/invitations/${encodeURIComponent(token)}`),
    }),
    acceptInvitation: build.mutation<ConsoleOperator, { token: string; body: AcceptInvitationBody }>({
      query: ({ token, body }) => consoleCall(`/invitations/${encodeURIComponent(token)}/accept`, { method: 'POST', body: { ...body } }),
      transformResponse: (response: ConsoleSessionResponse) => response.operator,
      // Accepting signs the person in: the shell opens with their new role.
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => storeSession(dispatch, queryFulfilled),
    }),
    getTokens: build.query<IntegrationToken[], void>({
      query: () => consoleCall('/tokens'),
      transformResponse: (response: IntegrationTokensResponse) => response.tokens,
      providesTags: [{ type: 'ConsoleTokens', id: 'LIST' }],
    }),
    createToken: build.mutation<NewTokenResponse, NewTokenBody>({
      query: (body) => consoleCall('/tokens', { method: 'POST', body: { ...body } }),
      invalidatesTags: [{ type: 'ConsoleTokens', id: 'LIST' }, AUDITED],
    }),
    revokeToken: build.mutation<unknown, number>({
      query: (id) => consoleCall(`/tokens/${id}`, { method: 'DELETE' }),
      invalidatesTags: [{ type: 'ConsoleTokens', id: 'LIST' }, AUDITED],
    }),
    getAudit: build.query<AuditResponse, { before?: number }>({
      query: ({ before }) => consoleCall('/audit', { params: before === undefined ? { limit: 50 } : { before, limit: 50 } }),
      providesTags: [AUDITED],
    }),
  }),
});

export const {
  useGetConsoleSessionQuery,
  useSignInMutation,
  useSignOutMutation,
  useStartTotpSetupMutation,
  useEnableTotpMutation,
  useDisableTotpMutation,
  useGetSecurityQuery,
  useUpdateSecurityMutation,
  useGetOperatorsQuery,
  useChangeRoleMutation,
  useRemoveOperatorMutation,
  useGetInvitationsQuery,
  useInviteMutation,
  useWithdrawInvitationMutation,
  useGetInvitationQuery,
  useAcceptInvitationMutation,
  useGetTokensQuery,
  useCreateTokenMutation,
  useRevokeTokenMutation,
  useGetAuditQuery,
} = consoleApi;
