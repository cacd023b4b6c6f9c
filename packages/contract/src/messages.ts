// Messages only views that load lazily compare with (the verify-email page, the clip form), in a
// module of their own: a bundler puts a module whole into one chunk, so with constants.ts, which
// every page's start imports, they were part of every page's start.

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

/** spec §5 clip texts, as the product shows them. */
export const CLIP_MESSAGES = {
  nameRequired: 'Please fill in the input field.',
  tagRequired: 'Please select tag',
  durationTooLong: 'Your clip duration is longer than the end time',
} as const;
