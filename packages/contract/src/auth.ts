import { z } from 'zod';
import { dataResponse } from './common.ts';
import { SocialProvider } from './enums.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants.ts';
import { User } from './user.ts';

const Password = z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH);
const Email = z.string().trim().min(3).max(254);
const Name = z.string().trim().min(1).max(100);

/** spec §7 POST v2/auth/register (spec §5 messages). */
export const RegisterBody = z.object({
  email: Email,
  password: Password,
  password_confirmation: z.string().max(PASSWORD_MAX_LENGTH),
  first_name: Name,
  last_name: Name,
  terms: z.literal(true),
});
export type RegisterBody = z.infer<typeof RegisterBody>;

/** spec §7 POST v2/auth/login. */
export const LoginBody = z.object({ email: Email, password: z.string().min(1).max(PASSWORD_MAX_LENGTH) });
export type LoginBody = z.infer<typeof LoginBody>;

/**
 * What a login, a registration or a social login answers (spec §4: they store the user). The session
 * is the api key: a fresh one bound to the user replaces the one the call was made with, which stops
 * working.
 */
export const SessionResponse = dataResponse(z.object({ user: User, api_key: z.string().min(1) }));
export type SessionResponse = z.infer<typeof SessionResponse>;

/** spec §7 POST v2/auth/social/{provider}: the code and state the provider sent to the callback. */
export const SocialLoginBody = z.object({ code: z.string().min(1).max(2048), state: z.string().min(1).max(2048) });
export type SocialLoginBody = z.infer<typeof SocialLoginBody>;
export const SocialProviderParam = z.object({ provider: SocialProvider });

/** spec §7 POST auth/email-verify, from the link's query keys (spec §3: email, expires, signature). */
export const EmailVerifyBody = z.object({
  email: Email,
  expires: z.coerce.number().int().positive(),
  signature: z.string().min(1).max(256),
});
export type EmailVerifyBody = z.infer<typeof EmailVerifyBody>;

/** spec §7 POST auth/password-reset-request: the same answer whether or not the email is known. */
export const PasswordResetRequestBody = z.object({ email: Email });
export type PasswordResetRequestBody = z.infer<typeof PasswordResetRequestBody>;

/** spec §7 POST auth/password-reset, from the mailed link (email, expires, signature). */
export const PasswordResetBody = z.object({
  email: Email,
  expires: z.coerce.number().int().positive(),
  signature: z.string().min(1).max(256),
  password: Password,
  password_confirmation: z.string().max(PASSWORD_MAX_LENGTH),
});
export type PasswordResetBody = z.infer<typeof PasswordResetBody>;

/** spec §7 POST /profile with _method patch: names, and a new password with the current one. */
export const ProfileUpdateBody = z.object({
  _method: z.literal('patch'),
  first_name: Name.optional(),
  last_name: Name.optional(),
  current_password: z.string().max(PASSWORD_MAX_LENGTH).optional(),
  password: Password.optional(),
  password_confirmation: z.string().max(PASSWORD_MAX_LENGTH).optional(),
});
export type ProfileUpdateBody = z.infer<typeof ProfileUpdateBody>;

/** A device asks for a short, expiring, single-use code and shows it (link a device). */
export const DeviceCodeResponse = dataResponse(z.object({ code: z.string(), expires_at: z.number().int() }));
export type DeviceCodeResponse = z.infer<typeof DeviceCodeResponse>;
/** spec §7 POST auth/add_session (code): a logged-in viewer links the device showing it. */
export const AddSessionBody = z.object({
  code: z.string().trim().min(4).max(16),
  /** The game the linked device plays first ("Watch on your TV" on a watch page); none: the device waits for one. */
  event_id: z.number().int().positive().max(2_147_483_647).optional(),
});
export type AddSessionBody = z.infer<typeof AddSessionBody>;
/** What a linked device plays next (GET auth/device/next, asked with the device's own key); null while the viewer chose nothing. */
export const DeviceNextResponse = dataResponse(z.object({ event_id: z.number().int().nullable() }));
export type DeviceNextResponse = z.infer<typeof DeviceNextResponse>;
/** A logged-in viewer sends a game to the devices they linked (POST auth/device/next). */
export const DeviceNextBody = z.object({ event_id: z.number().int().positive().max(2_147_483_647) });
export type DeviceNextBody = z.infer<typeof DeviceNextBody>;

/** spec §7 POST /delete-account-confirm: the password confirms a logged-in user's deletion. */
export const DeleteAccountBody = z.object({ password: z.string().min(1).max(PASSWORD_MAX_LENGTH) });
export type DeleteAccountBody = z.infer<typeof DeleteAccountBody>;

/** A plain answer with the server's message (e.g. "a reset link is on its way", "processed"). */
export const MessageResponse = dataResponse(z.object({ message: z.string() }));
export type MessageResponse = z.infer<typeof MessageResponse>;
