import type { Event } from '@grandstand/contract';
import { playerLabelsOf, type PlayerLabels } from '@grandstand/player';
import type { useTranslation } from '@grandstand/i18n';
import { clipFailureOf, clipRefusalOf, type ClipRefusal } from '../refusals.ts';

type Translate = ReturnType<typeof useTranslation<['clipsLibrary', 'common', 'errors']>>['t'];

/** spec §3: two participants make an "away @ home" title; otherwise the event's name. */
export function eventTitle(event: Pick<Event, 'name' | 'participants'>, t: Translate): string {
  if (event.participants.length === 2) {
    const away = event.participants.find((participant) => participant.side === 'away');
    const home = event.participants.find((participant) => participant.side === 'home');
    if (away && home) return t('common:matchup', { away: away.name, home: home.name });
  }
  return event.name;
}

/** The player's labels in the viewer's language. */
export function playerLabels(t: Translate): PlayerLabels {
  return playerLabelsOf((name) => (name === 'error' ? t('errors:playerError') : t(`clipsLibrary:player.${name}`)));
}

/** The absolute address of a path on the site the viewer is on (what a shared link must be). */
export function absoluteUrl(path: string): string {
  return new URL(path, window.location.origin).href;
}

/** The server's refusals of the library's calls (download, delete) that have texts of their own. */
export const LIBRARY_REFUSALS = ['downloadClip', 'downloadEvent', 'downloadsLimit', 'downloadNotWatchable', 'notReady', 'clipNotFound', 'eventNotFound', 'geoBlocked'] as const satisfies readonly ClipRefusal[];

/**
 * A refused clip call as the viewer reads it: a refusal the server words for the viewer (a 4xx
 * `{ message, field }`: no downloads left, the capability missing, the clip gone) in the viewer's
 * language, or in the server's words when the site has none for it; anything else (network,
 * time-out, a server error) reads as the site's error texts.
 */
export function refusalText(error: unknown, errorText: (error: unknown) => string, t: Translate): string {
  if (typeof error === 'object' && error !== null && 'kind' in error && 'status' in error && 'message' in error) {
    const { kind, status, message } = error as { kind: unknown; status: unknown; message: unknown };
    if (kind === 'http' && typeof status === 'number' && status >= 400 && status < 500 && typeof message === 'string' && message.trim() !== '') {
      const refusal = clipRefusalOf(error, LIBRARY_REFUSALS);
      return refusal ? t(`clipsLibrary:refusals.${refusal}`) : message;
    }
  }
  return errorText(error);
}

/** Why a clip could not be made: the server's reason in the viewer's language where the site knows it. */
export function failureText(reason: string | null, t: Translate): string {
  const failure = clipFailureOf(reason);
  if (failure) return t(`clipsLibrary:failures.${failure}`);
  return reason ?? t('clipsLibrary:clip.failedFallback');
}
