import type { EnglishResources } from './resources.ts';

export type ServerMessageKey = `errors:server.${keyof EnglishResources['errors']['server'] & string}`;

/**
 * spec §8: the server messages the product recognises, as the server words them, with the key of
 * their translation. The server answers in English whatever the viewer's language.
 */
const serverMessages: Readonly<Record<string, ServerMessageKey>> = {
  'The email address you have entered is already registered.': 'errors:server.emailTaken',
  'Wrong auth data': 'errors:server.wrongAuthData',
  'You are already logged in': 'errors:server.alreadyLoggedIn',
  'Verification failed.': 'errors:server.verificationFailed',
  'Email already verified.': 'errors:server.emailAlreadyVerified',
  'User not found.': 'errors:server.userNotFound',
  'Reset password key expired.': 'errors:server.resetKeyExpired',
  'Reset password failed.': 'errors:server.resetFailed',
  ERR_CANCELED: 'errors:server.canceled',
  'Wrong promo code': 'errors:server.wrongPromoCode',
  'Google recaptcha token required': 'errors:server.recaptchaRequired',
  'Google recaptcha token is invalid or you look like a robot': 'errors:server.recaptchaInvalid',
  'A valid email address is required': 'errors:server.invalidEmail',
  'The password is too short': 'errors:server.passwordTooShort',
  'Enter your Email, first name and last name': 'errors:server.nameAndEmailRequired',
  'Invalid email or password. Please try again.': 'errors:server.invalidCredentials',
  // spec §8 user text: a wrong current password (profile edit) or the deletion's confirmation.
  'Incorrect password': 'errors:server.incorrectPassword',
  // spec §5: a social sign-in of an address with no account, before the terms were accepted.
  'You are not registered yet. Please accept terms and conditions and click Register to continue.': 'errors:server.notRegistered',
  // The server spells it "chanel"; the text shown to viewers is spelled correctly.
  'No chanel or api key found': 'errors:server.noChannelOrApiKey',
};

/**
 * The translation key of a recognised server message, or undefined for any other wording (show the
 * generic `errors:somethingWrong` then).
 *
 * @example const key = serverMessageKey(error.message); t(key ?? 'errors:somethingWrong')
 */
export function serverMessageKey(message: string): ServerMessageKey | undefined {
  return Object.hasOwn(serverMessages, message.trim()) ? serverMessages[message.trim()] : undefined;
}

/** Every recognised server message, for tests and for the transport's catalogue. */
export const recognisedServerMessages: readonly string[] = Object.keys(serverMessages);
