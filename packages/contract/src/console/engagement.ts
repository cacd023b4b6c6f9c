import { z } from 'zod';
import { IdParam } from '../common.ts';
import { PollAnswer, POLL_ANSWER_MAX, POLL_ANSWERS_MAX, POLL_ANSWERS_MIN, POLL_QUESTION_MAX, PollStatus, PopupAudience, PopupPage } from '../engagement.ts';

/**
 * The control room's live engagement (`/api/console/events/{id}/polls`, `/api/console/polls…`,
 * `/api/console/popups…`): polls a producer opens on an event and closes, and the channel's popups
 * (spec §7). Owners and producers only. Errors are `ApiErrorBody` with one of `ENGAGEMENT_CODES`.
 */

/** One poll as the control room shows it: results live while open, frozen once closed. */
export const ConsolePoll = z.object({
  id: z.number().int(),
  eventId: z.number().int(),
  question: z.string(),
  status: PollStatus,
  answers: z.array(PollAnswer),
  totalVotes: z.number().int(),
  openedAt: z.string(),
  openedBy: z.string(),
  closedAt: z.string().nullable(),
});
export type ConsolePoll = z.infer<typeof ConsolePoll>;

export const ConsolePollsResponse = z.object({ polls: z.array(ConsolePoll) });
export type ConsolePollsResponse = z.infer<typeof ConsolePollsResponse>;
export const ConsolePollResponse = z.object({ poll: ConsolePoll });
export type ConsolePollResponse = z.infer<typeof ConsolePollResponse>;

const Text = (max: number) => z.string().trim().min(1, 'Write something here.').max(max, `At most ${max} characters.`);

/** `POST /api/console/events/{id}/polls`: opens a poll at once (one open poll per event). */
export const OpenPollBody = z.strictObject({
  question: Text(POLL_QUESTION_MAX),
  answers: z.array(Text(POLL_ANSWER_MAX)).min(POLL_ANSWERS_MIN, `Give at least ${POLL_ANSWERS_MIN} answers.`).max(POLL_ANSWERS_MAX, `At most ${POLL_ANSWERS_MAX} answers.`),
});
export type OpenPollBody = z.input<typeof OpenPollBody>;

/** The offer whose holders a popup is for. */
export const PopupOffer = z.object({ type: z.enum(['package', 'subscription']), id: z.number().int(), name: z.string() });
export type PopupOffer = z.infer<typeof PopupOffer>;

/** Whether a popup shows now, is still to come, or is over. */
export const PopupState = z.enum(['scheduled', 'showing', 'ended']);
export type PopupState = z.infer<typeof PopupState>;

export const POPUP_TITLE_MAX = 120;
export const POPUP_TEXT_MAX = 1000;

/** One popup as the control room shows it. */
export const ConsolePopup = z.object({
  id: z.number().int(),
  title: z.string(),
  text: z.string(),
  link: z.string().nullable(),
  audience: PopupAudience,
  offer: PopupOffer.nullable(),
  pages: z.array(PopupPage),
  startsAt: z.string(),
  endsAt: z.string(),
  state: PopupState,
  dismissals: z.number().int(),
  updatedAt: z.string(),
});
export type ConsolePopup = z.infer<typeof ConsolePopup>;

/** `GET /api/console/popups`: the channel's popups, newest first, and the offers a popup can target. */
export const ConsolePopupsResponse = z.object({ popups: z.array(ConsolePopup), offers: z.array(PopupOffer) });
export type ConsolePopupsResponse = z.infer<typeof ConsolePopupsResponse>;
export const ConsolePopupResponse = z.object({ popup: ConsolePopup });
export type ConsolePopupResponse = z.infer<typeof ConsolePopupResponse>;

/** A link: a path on the site (`/vod_library`) or an https address. */
export const PopupLink = z
  .string()
  .trim()
  .max(2048)
  .regex(/^(\/(?!\/)[^\s]*|https:\/\/[^\s]+)$/, 'Write a path on the site (/…) or an https:// address.');

const Instant = z.iso.datetime({ offset: true, message: 'Write a date and time (ISO 8601).' });

const PopupFields = {
  title: Text(POPUP_TITLE_MAX),
  text: Text(POPUP_TEXT_MAX),
  link: PopupLink.nullable().optional(),
  audience: PopupAudience,
  /** With audience `holders`: the offer. */
  offer: z.strictObject({ type: z.enum(['package', 'subscription']), id: IdParam }).nullable().optional(),
  pages: z.array(PopupPage).min(1, 'Choose at least one page.').max(PopupPage.options.length),
  startsAt: Instant,
  endsAt: Instant,
};

/** `POST /api/console/popups`. */
export const CreatePopupBody = z.strictObject(PopupFields);
export type CreatePopupBody = z.input<typeof CreatePopupBody>;
/** `PATCH /api/console/popups/{id}`: the fields to change. */
export const UpdatePopupBody = z.strictObject(PopupFields).partial();
export type UpdatePopupBody = z.input<typeof UpdatePopupBody>;
export const DeletedPopupResponse = z.object({ id: z.number().int() });
