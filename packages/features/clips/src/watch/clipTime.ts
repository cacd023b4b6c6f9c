import { clipRefusalOf, type ClipRefusal } from '../refusals.ts';

/**
 * The clip editor's arithmetic, framework-free. Times are in the clip time base of
 * `CreateClipBody.start_time`: on demand, seconds from the start of the recording (the player's
 * media time); live, seconds after the event's `event_utc_ts` on the wall clock (the stream's
 * program date-time), so the editor shows how far into the game a moment is.
 */

const TIME = /^(?:(\d+):([0-5]\d):([0-5]\d)|(\d+):([0-5]\d))$/;

/** `1:05` → 65, `1:02:05` → 3725 (spec §5 time entry: m:ss or h:mm:ss); anything else null. */
export function parseClipTime(text: string): number | null {
  const match = TIME.exec(text.trim());
  if (!match) return null;
  const [, h, m, s, mm, ss] = match;
  return h !== undefined ? Number(h) * 3600 + Number(m) * 60 + Number(s) : Number(mm) * 60 + Number(ss);
}

/** 65 → `1:05`, 3725 → `1:02:05` (whole seconds, rounded down; negatives read as 0). */
export function formatClipTime(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

export interface ClipWindow {
  /** The earliest moment that may be clipped. */
  start: number;
  /** The latest: the end of the recording, or the live edge. */
  end: number;
}

export interface ClipDraft {
  startText: string;
  endText: string;
  name: string;
  tag: string;
}

export interface ClipLimits {
  min: number;
  max: number;
}

/** A field's problem, as a key of the `clipsWatch` texts (with its values) or a spec §5 text. */
export type ClipProblem =
  | { key: 'errors.timeFormat' }
  | { key: 'errors.startBeforeWindow'; time: string }
  | { key: 'errors.endBeforeStart' }
  | { key: 'errors.tooShort'; seconds: number }
  | { key: 'errors.tooLong'; seconds: number }
  | { key: 'errors.durationTooLong' }
  | { key: 'errors.nameRequired' }
  | { key: 'errors.tagRequired' };

export type ClipField = 'start' | 'end' | 'name' | 'tags';
export type ClipProblems = Partial<Record<ClipField, ClipProblem>>;

export interface CheckedClip {
  problems: ClipProblems;
  /** The selection, when both times read. */
  start: number | null;
  end: number | null;
}

/**
 * What stands between a draft and POST /clip, by field, the way the server would refuse it (spec §5),
 * so the viewer learns it before sending: times that do not read, a start before the window, an end
 * past it ("Your clip duration is longer than the end time"), a length outside the channel's limits,
 * no name, no tag.
 */
export function checkClip(draft: ClipDraft, window: ClipWindow, limits: ClipLimits): CheckedClip {
  const problems: ClipProblems = {};
  const start = parseClipTime(draft.startText);
  const end = parseClipTime(draft.endText);
  if (start === null) problems.start = { key: 'errors.timeFormat' };
  if (end === null) problems.end = { key: 'errors.timeFormat' };
  if (start !== null && start < Math.floor(window.start)) problems.start = { key: 'errors.startBeforeWindow', time: formatClipTime(Math.ceil(window.start)) };
  if (end !== null && !problems.start) {
    if (end > Math.floor(window.end)) problems.end = { key: 'errors.durationTooLong' };
    else if (start !== null && end <= start) problems.end = { key: 'errors.endBeforeStart' };
    else if (start !== null && end - start < limits.min) problems.end = { key: 'errors.tooShort', seconds: limits.min };
    else if (start !== null && end - start > limits.max) problems.end = { key: 'errors.tooLong', seconds: limits.max };
  }
  if (draft.name.trim() === '') problems.name = { key: 'errors.nameRequired' };
  if (draft.tag === '') problems.tags = { key: 'errors.tagRequired' };
  return { problems, start, end };
}

/**
 * The server's refusals a clip being made can meet, to the editor's texts: those the editor also
 * says before anything is sent (no login, no capability, no clips left, the spec §5 texts) have
 * theirs already.
 */
const EDITOR_REFUSALS = {
  nameRequired: 'errors.nameRequired',
  tagRequired: 'errors.tagRequired',
  durationTooLong: 'errors.durationTooLong',
  login: 'reason.login',
  clipping: 'reason.capability',
  clipsLimit: 'reason.limit',
  noClips: 'refusals.noClips',
  notWatchable: 'refusals.notWatchable',
  notStarted: 'refusals.notStarted',
  noRecording: 'refusals.noRecording',
  startOutside: 'refusals.startOutside',
  unavailable: 'refusals.unavailable',
  eventNotFound: 'refusals.eventNotFound',
  emailUnverified: 'refusals.emailUnverified',
  tooManyClips: 'refusals.tooManyClips',
  clipSecondsLimit: 'refusals.clipSecondsLimit',
  eventClipsLimit: 'refusals.eventClipsLimit',
  storageFull: 'refusals.storageFull',
} as const satisfies Partial<Record<ClipRefusal, string>>;
type EditorRefusal = keyof typeof EDITOR_REFUSALS;
export type ClipMessageKey = (typeof EDITOR_REFUSALS)[EditorRefusal];
/** The refusals of POST /clip the editor has texts for. */
export const EDITOR_REFUSAL_KEYS = Object.keys(EDITOR_REFUSALS) as EditorRefusal[];

/**
 * A refused clip call (the store's error, or an answer's body) to the editor's text key, by the
 * refusal's machine code (`code`), so a refusal reads in the viewer's language.
 */
export function clipMessageKey(error: unknown): ClipMessageKey | null {
  const refusal = clipRefusalOf(error, EDITOR_REFUSAL_KEYS);
  return refusal ? EDITOR_REFUSALS[refusal] : null;
}

/** The server's field of a refusal (CreateClipBody's names) to the editor's. */
export function clipFieldOf(field: string | undefined): ClipField | null {
  switch (field) {
    case 'start_time':
      return 'start';
    case 'duration':
      return 'end';
    case 'name':
      return 'name';
    case 'tags':
      return 'tags';
    default:
      return null;
  }
}

/**
 * The last `seconds` of a live game, in the clip time base: from `liveEdge - seconds` to the live
 * edge, as seconds after the event's start on the wall clock (spec: "the last 30 s" is
 * `liveEdgeDate - event_utc_ts - 30`). Shorter when the game began less than `seconds` ago; null when
 * not even `minSeconds` have passed.
 */
export function lastSecondsOf(liveEdge: Date, eventUtcTs: number, seconds: number, minSeconds: number): { start_time: number; duration: number } | null {
  const edge = liveEdge.getTime() / 1000 - eventUtcTs;
  // Milliseconds are kept: the server cuts on its own segment boundaries anyway.
  const start = Math.max(0, Math.round((edge - seconds) * 1000) / 1000);
  const duration = Math.round((edge - start) * 1000) / 1000;
  return duration >= minSeconds ? { start_time: start, duration } : null;
}
