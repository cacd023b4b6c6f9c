// Plain values of the wire, in a module with no schema code: the viewer's JavaScript imports these
// without pulling zod in (the server validates with the schemas; the client only types with them).

/** The channel's public key file, served on the channel's site. */
export const CHANNEL_KEY_FILE = '/channel-key.json';

/**
 * spec §8: the server names a key invalid through the `errors` field keyed by the key's name.
 * The message for both is the server's "No chanel or api key found".
 */
export const KEY_FIELDS = ['api_key', 'channel_key'] as const;
export type KeyField = (typeof KEY_FIELDS)[number];
export const KEY_INVALID_MESSAGE = 'No chanel or api key found';
export const KEY_INVALID_STATUS = 403;

/** What the server says to a call that needs a logged-in user when there is none (spec §8: 401). */
export const UNAUTHENTICATED_MESSAGE = 'Unauthenticated.';

/** Issue 4: at least 8 characters, at most 128 (more than the 64 OWASP asks to allow); no composition rules. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** spec §8: the server's recognised messages for accounts, as it words them. */
export const AUTH_MESSAGES = {
  emailTaken: 'The email address you have entered is already registered.',
  wrongAuthData: 'Wrong auth data',
  alreadyLoggedIn: 'You are already logged in',
  verificationFailed: 'Verification failed.',
  emailAlreadyVerified: 'Email already verified.',
  userNotFound: 'User not found.',
  resetKeyExpired: 'Reset password key expired.',
  resetFailed: 'Reset password failed.',
  invalidEmail: 'A valid email address is required',
  passwordTooShort: 'The password is too short',
  nameAndEmailRequired: 'Enter your Email, first name and last name',
  invalidCredentials: 'Invalid email or password. Please try again.',
} as const;
