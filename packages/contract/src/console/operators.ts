import { z } from 'zod';

/**
 * The control room's identity calls (`/api/console/...`, spec §1 admin dashboard): operators, their
 * roles on a channel, sign-in with a second factor (TOTP), invitations, integration tokens and the
 * audit log. Errors are `ApiErrorBody` with one of `CONSOLE_CODES` in `code`.
 */

/** owner: everything; producer: events and streams; support: viewers and orders, events read-only; analyst: reports only. */
export const OperatorRole = z.enum(['owner', 'producer', 'support', 'analyst']);
export type OperatorRole = z.infer<typeof OperatorRole>;
export const OPERATOR_ROLES = OperatorRole.options;

/** The machine codes of the console's refusals: clients map them to their own words. */
export const CONSOLE_CODES = {
  signedOut: 'CONSOLE_SIGNED_OUT',
  forbidden: 'CONSOLE_FORBIDDEN',
  /** A write through a cookie session from another origin (cross-site request). */
  origin: 'CONSOLE_ORIGIN',
  invalidCredentials: 'INVALID_CREDENTIALS',
  totpRequired: 'TOTP_REQUIRED',
  totpInvalid: 'TOTP_INVALID',
  totpSetupRequired: 'TOTP_SETUP_REQUIRED',
  totpRequiredByChannel: 'TOTP_REQUIRED_BY_CHANNEL',
  totpAlreadyEnabled: 'TOTP_ALREADY_ENABLED',
  totpNotPending: 'TOTP_NOT_PENDING',
  throttled: 'THROTTLED',
  lastOwner: 'LAST_OWNER',
  notFound: 'NOT_FOUND',
  alreadyMember: 'ALREADY_MEMBER',
  invitationInvalid: 'INVITATION_INVALID',
  invalid: 'INVALID',
} as const;
export type ConsoleCode = (typeof CONSOLE_CODES)[keyof typeof CONSOLE_CODES];

const Email = z.string().trim().min(3).max(254);
const Password = z.string().min(1).max(128);
/** A TOTP code as typed: six digits, spaces allowed between them. */
const TotpCode = z.string().max(16);

export const ConsoleSignInBody = z.object({ email: Email, password: Password, code: TotpCode.optional() });
export type ConsoleSignInBody = z.infer<typeof ConsoleSignInBody>;

export const ConsoleChannelRef = z.object({ slug: z.string(), name: z.string() });

export const ConsoleOperator = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  /** The operator's role on the channel of the host the console is open on. */
  role: OperatorRole,
  channel: ConsoleChannelRef,
  totpEnabled: z.boolean(),
  /** The channel requires TOTP and the operator has not set it up: only the TOTP set-up calls answer until they do. */
  totpSetupRequired: z.boolean(),
  /** Every channel the operator holds a role on (a platform owner holds several). */
  channels: z.array(ConsoleChannelRef.extend({ role: OperatorRole })),
  /** The operator runs the platform: creates, suspends and restores channels (`/api/console/platform/...`). */
  platformOwner: z.boolean().default(false),
});
export type ConsoleOperator = z.infer<typeof ConsoleOperator>;

export const ConsoleSessionResponse = z.object({ operator: ConsoleOperator });
export type ConsoleSessionResponse = z.infer<typeof ConsoleSessionResponse>;

export const TotpSetupResponse = z.object({
  /** base32, for typing into an authenticator app; shown during set-up only, never again. */
  secret: z.string(),
  /** otpauth://totp/... for a QR code. */
  otpauthUri: z.string(),
});
export type TotpSetupResponse = z.infer<typeof TotpSetupResponse>;

export const TotpCodeBody = z.object({ code: TotpCode });
export type TotpCodeBody = z.infer<typeof TotpCodeBody>;

export const ConsoleSecurity = z.object({ requireTotp: z.boolean() });
export type ConsoleSecurity = z.infer<typeof ConsoleSecurity>;

export const ConsoleMember = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: OperatorRole,
  totpEnabled: z.boolean(),
  since: z.string(),
});
export type ConsoleMember = z.infer<typeof ConsoleMember>;
export const ConsoleMembersResponse = z.object({ operators: z.array(ConsoleMember) });
export type ConsoleMembersResponse = z.infer<typeof ConsoleMembersResponse>;

export const RoleBody = z.object({ role: OperatorRole });
export type RoleBody = z.infer<typeof RoleBody>;

export const InvitationBody = z.object({ email: Email, role: OperatorRole });
export type InvitationBody = z.infer<typeof InvitationBody>;

export const ConsoleInvitation = z.object({ id: z.number().int(), email: z.string(), role: OperatorRole, createdAt: z.string(), expiresAt: z.string() });
export type ConsoleInvitation = z.infer<typeof ConsoleInvitation>;
export const ConsoleInvitationsResponse = z.object({ invitations: z.array(ConsoleInvitation) });
export type ConsoleInvitationsResponse = z.infer<typeof ConsoleInvitationsResponse>;
export const ConsoleInvitationResponse = z.object({ invitation: ConsoleInvitation });

/** What the invitation page shows before the person accepts (public: the link is the credential). */
export const InvitationInfo = z.object({
  channel: ConsoleChannelRef,
  email: z.string(),
  role: OperatorRole,
  /** The address already has an operator account: accepting asks for its password only. */
  existingOperator: z.boolean(),
});
export type InvitationInfo = z.infer<typeof InvitationInfo>;

/** A new operator gives a name and a password; an existing one confirms with their password (and TOTP code when theirs is on). */
export const AcceptInvitationBody = z.object({ name: z.string().trim().min(1).max(100).optional(), password: Password, code: TotpCode.optional() });
export type AcceptInvitationBody = z.infer<typeof AcceptInvitationBody>;

export const IntegrationToken = z.object({
  id: z.number().int(),
  name: z.string(),
  role: OperatorRole,
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type IntegrationToken = z.infer<typeof IntegrationToken>;
export const IntegrationTokensResponse = z.object({ tokens: z.array(IntegrationToken) });
export type IntegrationTokensResponse = z.infer<typeof IntegrationTokensResponse>;
export const NewTokenBody = z.object({ name: z.string().trim().min(1).max(100), role: OperatorRole });
export type NewTokenBody = z.infer<typeof NewTokenBody>;
/** `token` (`gsc_...`) is shown this once: the server keeps only its hash. */
export const NewTokenResponse = z.object({ token: z.string(), integrationToken: IntegrationToken });
export type NewTokenResponse = z.infer<typeof NewTokenResponse>;

export const AuditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  actor: z.object({ kind: z.enum(['operator', 'token']), label: z.string() }),
  action: z.string(),
  subject: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;
export const AuditResponse = z.object({ entries: z.array(AuditEntry), next: z.number().int().nullable() });
export type AuditResponse = z.infer<typeof AuditResponse>;
export const AuditQuery = z.object({
  before: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
});

export const ConsoleOk = z.object({ ok: z.literal(true) });
