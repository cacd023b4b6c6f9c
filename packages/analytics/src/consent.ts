/**
 * Whether the site may track, and what it asks the viewer (the channel's `analytics_consent`):
 * - `off`: tracking runs, nothing is shown;
 * - `notice`: tracking runs, a notice says so until the viewer dismisses it;
 * - `opt-in`: the tag manager and the analytics calls wait until the viewer accepts.
 * Global Privacy Control (`navigator.globalPrivacyControl`) is a refusal the browser already gave:
 * nothing tracks and nothing is asked, whatever the mode.
 */
export type ConsentMode = 'off' | 'notice' | 'opt-in';

/** What the viewer answered: `dismissed` closes a notice, the others answer an opt-in. */
export type ConsentChoice = 'accepted' | 'declined' | 'dismissed';

export interface ConsentDecision {
  /** The tag manager and the analytics calls may run now. */
  track: boolean;
  /** What to show: nothing, the dismissible notice, or the Accept / Decline choice. */
  ask: 'none' | 'notice' | 'choice';
}

/** The storage entry of the viewer's answer, under the site's prefix. */
export const CONSENT_STORAGE_KEY = 'analytics_consent';

/** Whether the browser sends Global Privacy Control (a signal the viewer set once for every site). */
export function globalPrivacyControl(nav?: { globalPrivacyControl?: unknown }): boolean {
  const source = nav ?? (typeof navigator === 'undefined' ? undefined : (navigator as { globalPrivacyControl?: unknown }));
  return source?.globalPrivacyControl === true;
}

/**
 * The decision for a mode, the viewer's stored answer and the browser's privacy signal.
 *
 * @example consentDecision('opt-in', null, false) // { track: false, ask: 'choice' }
 */
export function consentDecision(mode: ConsentMode, stored: ConsentChoice | null, gpc: boolean): ConsentDecision {
  if (gpc) return { track: false, ask: 'none' };
  if (mode === 'off') return { track: true, ask: 'none' };
  if (mode === 'notice') return { track: true, ask: stored ? 'none' : 'notice' };
  // opt-in: only an acceptance tracks; a notice dismissed under an earlier mode is no answer.
  if (stored === 'accepted') return { track: true, ask: 'none' };
  return { track: false, ask: stored === 'declined' ? 'none' : 'choice' };
}
