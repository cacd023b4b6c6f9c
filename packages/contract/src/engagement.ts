import { z } from 'zod';
import { dataResponse, IdParam } from './common.ts';
import { POLL_ANSWERS_MAX } from './constants.ts';

/**
 * Live engagement as viewers meet it: an event's poll on its watch page, and the channel's popups
 * (spec §7 "a popups call exists"). The site asks again every few seconds while the page is shown
 * (ENGAGEMENT_POLL_MS), so a poll opened or a popup published reaches an open page within 5 s.
 */

// Plain values live in constants.ts (a module without schema code, so a site importing one gets no
// zod); re-exported here for the contract's own schemas and the server.
export { ENGAGEMENT_CODES, ENGAGEMENT_POLL_MS, POLL_ANSWER_MAX, POLL_ANSWERS_MAX, POLL_ANSWERS_MIN, POLL_QUESTION_MAX } from './constants.ts';

export const PollStatus = z.enum(['open', 'closed']);
export type PollStatus = z.infer<typeof PollStatus>;

/** One answer of a poll with its votes so far (frozen once the poll is closed). */
export const PollAnswer = z.object({ index: z.number().int(), label: z.string(), votes: z.number().int() });
export type PollAnswer = z.infer<typeof PollAnswer>;

/** An event's poll as a viewer sees it: the open one, else the last one closed (its results kept). */
export const ViewerPoll = z.object({
  id: z.number().int(),
  event_id: z.number().int(),
  question: z.string(),
  status: PollStatus,
  answers: z.array(PollAnswer),
  total_votes: z.number().int(),
  /** The viewer's own answer; null for a visitor or a viewer who has not voted. */
  my_answer: z.number().int().nullable(),
});
export type ViewerPoll = z.infer<typeof ViewerPoll>;

/** `GET /api/events/{id}/poll`: null when the event has no poll. */
export const ViewerPollResponse = dataResponse(ViewerPoll.nullable());
export type ViewerPollResponse = z.infer<typeof ViewerPollResponse>;

/** `POST /api/polls/{id}/vote`: the answer's index (from 0). Only logged-in viewers vote, once. */
export const PollVoteBody = z.object({ answer: z.number().int().min(0).max(POLL_ANSWERS_MAX - 1) });
export type PollVoteBody = z.infer<typeof PollVoteBody>;
export const PollVoteResponse = dataResponse(ViewerPoll);

/** Who a popup is for: visitors (not logged in), viewers (logged in), or holders of one offer. */
export const PopupAudience = z.enum(['visitors', 'viewers', 'holders']);
export type PopupAudience = z.infer<typeof PopupAudience>;

/** The site's pages a popup can show on. */
export const PopupPage = z.enum(['home', 'watch', 'schedule', 'vod', 'profile', 'other']);
export type PopupPage = z.infer<typeof PopupPage>;

/** A popup as a viewer gets it. */
export const ViewerPopup = z.object({
  id: z.number().int(),
  title: z.string(),
  text: z.string(),
  /** An address to open (on the site: a path; elsewhere: https). */
  link: z.string().nullable(),
  /** The last moment it shows (UTC ISO 8601): a visitor's dismissal is kept until then. */
  ends_at: z.string(),
});
export type ViewerPopup = z.infer<typeof ViewerPopup>;

/** `GET /api/popups?page=home`: what shows now on that page to this viewer, dismissed ones left out. */
export const PopupsQuery = z.object({ page: PopupPage.optional() });
export const PopupsResponse = dataResponse(z.array(ViewerPopup));
export type PopupsResponse = z.infer<typeof PopupsResponse>;

/** `POST /api/popups/{id}/dismiss`: a logged-in viewer's dismissal, remembered on the server. */
export const PopupDismissResponse = dataResponse(z.object({ id: z.number().int(), dismissed: z.literal(true) }));

export const PollIdParams = z.object({ id: IdParam });
