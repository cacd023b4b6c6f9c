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

/** At least 8 characters, at most 128 (more than the 64 OWASP asks to allow); no composition rules. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** spec §8: the server's recognised commerce message (apply_coupon and buy answer it on field `code`/`coupon`). */
export const WRONG_PROMO_CODE = 'Wrong promo code';

/** spec §5 and §8: the site's own purchase messages. */
export const COMMERCE_MESSAGES = {
  selectCard: 'Please select one of your saved cards or enter new one',
  promoInvalid: 'Promo code is invalid',
  idNotSelected: 'id not selected',
  teamNotSelected: 'Package is TeamPass but team not selected',
} as const;

/** spec §9: an order is polled every 2000 ms after a purchase. */
export const ORDER_POLL_INTERVAL_MS = 2000;

/** Signed webhooks older than this are refused, as card processors advise: 5 minutes. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** The sandbox's test cards: what each number does. */
export const SANDBOX_TEST_CARDS = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  authenticate: '4000000000003220',
} as const;

/** The shortest and longest clip, in seconds. */
export const CLIP_MIN_SECONDS = 1;
export const CLIP_MAX_SECONDS = 120;
/** One press while live clips this many seconds up to the live edge. */
export const LIVE_CLIP_SECONDS = 30;
/** spec §9: clip creation takes up to 5 minutes; a job still unfinished then is failed. */
export const CLIP_PROCESSING_LIMIT_MS = 5 * 60_000;
export const CLIP_NAME_MAX = 100;

/** spec §5 and §9: vod search defaults. */
export const VOD_SEARCH_DEFAULT_LIMIT = 10;
/** spec §9: a vod rail scrolls on its own every 5000 ms. */
export const VOD_RAIL_INTERVAL_MS = 5000;
/** spec §9: a vod card is 280 to 380 px wide. */
export const VOD_CARD_MIN_WIDTH = 280;
export const VOD_CARD_MAX_WIDTH = 380;

/** spec §6 texts of the on-demand library, as the product shows them. */
export const VOD_MESSAGES = {
  /** spec §6: a viewer whose on-demand access has lapsed. */
  expiredAccess: 'Expired on-demand access needs a premium pass',
} as const;

/** spec §5, §6 and §8 favourite texts, as the product shows them. */
export const FAVORITE_MESSAGES = {
  /** spec §6: what a visitor who presses a follow control sees. */
  loginToFavourite: 'Please log in to start favouriting',
  /** spec §5, §8: viewing (or making) favourites needs a logged-in user. */
  mustBeLoggedIn: 'user must be logged in',
  /** spec §5, §8: the field type message. */
  typeNotString: 'favoritable_type must be a string',
  /** spec §5, §8: the field value message. */
  typeNotAllowed: 'favoritable_type must be one of participant, group, category',
} as const;

// Live engagement (engagement.ts): polls and popups.
/** How often the site asks for an event's poll and the channel's popups again while the page is shown. */
export const ENGAGEMENT_POLL_MS = 3_000;
/** The fewest and most answers a poll has. */
export const POLL_ANSWERS_MIN = 2;
export const POLL_ANSWERS_MAX = 5;
/** The longest question and answer. */
export const POLL_QUESTION_MAX = 200;
export const POLL_ANSWER_MAX = 80;

/** The machine codes of the viewers' engagement refusals (`code` of `ApiErrorBody`). */
export const ENGAGEMENT_CODES = {
  loginRequired: 'LOGIN_REQUIRED',
  pollNotFound: 'POLL_NOT_FOUND',
  pollClosed: 'POLL_CLOSED',
  alreadyVoted: 'ALREADY_VOTED',
  badAnswer: 'BAD_ANSWER',
  popupNotFound: 'POPUP_NOT_FOUND',
  pollOpen: 'POLL_ALREADY_OPEN',
  eventNotFound: 'EVENT_NOT_FOUND',
  offerNotFound: 'OFFER_NOT_FOUND',
  invalid: 'INVALID',
} as const;

// The control room's support screens (console/support.ts).
/** The machine codes of the support screens' refusals: clients map them to their own words. */
export const SUPPORT_ERROR_CODES = {
  notFound: 'not_found',
  /** Only a paid order can be refunded (a refunded, failed or open one cannot). */
  notRefundable: 'order_not_refundable',
  /** The card provider refused the refund or could not be reached: nothing changed. */
  refundFailed: 'refund_failed',
  /** The offer to comp does not exist on this channel, or is not one a comp can give. */
  unknownProduct: 'unknown_product',
  /** A team pass is given for one of its teams. */
  teamRequired: 'team_required',
  /** The viewer already holds what a comp would give. */
  alreadyOwned: 'already_owned',
  alreadyVerified: 'already_verified',
  alreadySuspended: 'already_suspended',
  notSuspended: 'not_suspended',
  /** A date range whose end is before its start. */
  badRange: 'bad_range',
  /** The viewer's stream, stream renewal or clip, refused while they are suspended (the site says why). */
  viewerSuspended: 'viewer_suspended',
} as const;
export type SupportErrorCode = (typeof SUPPORT_ERROR_CODES)[keyof typeof SUPPORT_ERROR_CODES];

/** Rows per page of the orders and viewers lists. */
export const SUPPORT_PAGE_SIZE = 50;
/** The longest refund, comp or suspension reason. */
export const SUPPORT_REASON_MAX = 500;
