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
  /** spec §8 "Incorrect password": a wrong current password (profile edit) or the deletion's confirmation. */
  incorrectPassword: 'Incorrect password',
  /** spec §5: a social sign-in of an address with no account, before the terms were accepted. */
  notRegistered: 'You are not registered yet. Please accept terms and conditions and click Register to continue.',
} as const;

/**
 * The machine code beside the account refusals the site tells apart (ApiErrorBody `code`): a
 * verification link already used reads differently from a broken one.
 */
export const AUTH_REFUSAL_CODES = {
  verificationFailed: 'auth_verification_failed',
  emailAlreadyVerified: 'auth_email_already_verified',
  incorrectPassword: 'auth_incorrect_password',
  notRegistered: 'auth_not_registered',
} as const satisfies Partial<Record<keyof typeof AUTH_MESSAGES, string>>;

/** spec §5 clip texts, as the product shows them. */
export const CLIP_MESSAGES = {
  nameRequired: 'Please fill in the input field.',
  tagRequired: 'Please select tag',
  durationTooLong: 'Your clip duration is longer than the end time',
} as const;

/**
 * The server's refusals of a clip call (spec §5, §6), as it words them. The server answers in
 * English whatever the viewer's language; the site shows each in the viewer's own.
 */
export const CLIP_REFUSALS = {
  login: 'Please log in to make clips.',
  clipping: 'Your account cannot make clips on this channel.',
  downloadClip: 'Your account cannot download clips on this channel.',
  downloadEvent: 'Your account cannot download recordings on this channel.',
  clipsLimit: 'You have reached your clip limit. Delete a clip to make a new one.',
  downloadsLimit: 'You have reached your download limit for today. Please try again tomorrow.',
  noClips: 'This channel does not offer clips.',
  notWatchable: 'You cannot watch this event, so you cannot clip it.',
  notStarted: 'This event has not started yet: there is nothing to clip.',
  noRecording: 'This event has no recording to clip from yet.',
  startOutside: 'The clip must start within the recording.',
  notReady: 'This clip is not ready yet.',
  unavailable: 'Clips cannot be made on this server right now. Please try again later.',
  eventNotFound: 'Event not found.',
  clipNotFound: 'Clip not found.',
  emailUnverified: 'Please confirm your email address before making clips.',
  tooManyClips: 'You are making clips too quickly. Please wait a minute and try again.',
  clipSecondsLimit: 'You have reached your clip time for today. Please try again tomorrow.',
  storageFull: 'This channel has no room for new clips right now. Please try again later.',
  sharePaidEvent: 'This clip is from an event you have not bought. Get access to the event to watch it.',
  eventClipsLimit: 'You have made as many clips of this event as this channel allows. Delete one to make another.',
  downloadNotWatchable: 'You can no longer watch this event, so you cannot download its clips.',
  geoBlocked: "We're sorry, but this content is not available in your region.",
} as const;

/**
 * The machine code beside each refusal of a clip call the server words, its spec §5 texts
 * (CLIP_MESSAGES) included (ApiErrorBody `code`): the site maps a refusal to its own text by code,
 * whatever the server's words become.
 */
export const CLIP_REFUSAL_CODES = {
  nameRequired: 'clip_name_required',
  tagRequired: 'clip_tag_required',
  durationTooLong: 'clip_duration_too_long',
  login: 'clip_login',
  clipping: 'clip_capability',
  downloadClip: 'clip_download_capability',
  downloadEvent: 'clip_download_event_capability',
  clipsLimit: 'clip_limit',
  downloadsLimit: 'clip_downloads_limit',
  noClips: 'clip_not_offered',
  notWatchable: 'clip_not_watchable',
  notStarted: 'clip_not_started',
  noRecording: 'clip_no_recording',
  startOutside: 'clip_start_outside',
  notReady: 'clip_not_ready',
  unavailable: 'clip_unavailable',
  eventNotFound: 'clip_event_not_found',
  clipNotFound: 'clip_not_found',
  emailUnverified: 'clip_email_unverified',
  tooManyClips: 'clip_rate_limited',
  clipSecondsLimit: 'clip_seconds_limit',
  storageFull: 'clip_storage_full',
  sharePaidEvent: 'clip_share_paid_event',
  eventClipsLimit: 'clip_event_limit',
  downloadNotWatchable: 'clip_download_not_watchable',
  geoBlocked: 'clip_geo_blocked',
} as const satisfies Record<keyof typeof CLIP_REFUSALS | keyof typeof CLIP_MESSAGES, string>;

/** Why a clip that was asked for could not be made (its `failure_reason`), as the server words it. */
export const CLIP_FAILURES = {
  /** Every attempt failed (the cut itself, or the process cutting it stopped). */
  cut: 'We could not make this clip. Please try again, or choose another moment.',
  /** spec §9: not ready within 5 minutes of being asked for. */
  tooLong: 'This clip took too long to make. Please try again.',
} as const;
