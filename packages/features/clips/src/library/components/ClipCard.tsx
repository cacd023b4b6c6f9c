import type { Clip, ClipStatus } from '@grandstand/contract';
import { formatDate, useErrorText, useTranslation } from '@grandstand/i18n';
import { formatTime } from '@grandstand/player';
import { addToast, confirmPopup, useAppDispatch } from '@grandstand/store';
import { Badge, type BadgeTone, Button, ButtonLink, Card, FormMessage, Link, Picture, visuallyHidden } from '@grandstand/ui';
import { useId, useState } from 'react';
import styled from 'styled-components';
import { isUnfinished } from '../../clipsApi.ts';
import { useDeleteClipMutation, useGetClipDownloadMutation } from '../clipsLibraryApi.ts';
import { absoluteUrl, eventTitle, failureText, refusalText } from '../display.ts';
import { CLIPS_LIBRARY_PATHS } from '../paths.ts';
import { TagList } from './TagList.ts';

const STATUS_TONES = { queued: 'neutral', processing: 'neutral', ready: 'primary', failed: 'live' } as const satisfies Record<ClipStatus, BadgeTone>;

/** Opens an address in this tab (the signed download answers with an attachment: the page stays). */
export type OpenUrl = (url: string) => void;

const openInPlace: OpenUrl = (url) => window.location.assign(url);

export interface ClipCardProps {
  clip: Clip;
  /** The channel's tag names by id; a tag the list does not know shows its id. */
  tagNames: ReadonlyMap<string, string>;
  /** Whether the viewer may download clips (capability `download_clip`, spec §6). */
  canDownload: boolean;
  /** The heading level that fits the page outline. */
  headingLevel: 2 | 3;
  /** Called once the clip is deleted, so the page can keep the keyboard focus somewhere useful. */
  onDeleted?: (clip: Clip) => void;
  /** Where a download address is opened; the browser's location by default. */
  openUrl?: OpenUrl;
  /** Link the viewer's other clips of the same game (`/watch_library/{id}`), where the list mixes games. */
  linkEventClips?: boolean;
}

/**
 * One of the viewer's clips: its poster, name, game, tags, length and where it is in its lifecycle
 * (spec §4: queued, processing, then ready or failed with the reason). A ready clip can be played
 * (its share page), downloaded (with `download_clip`), shared and deleted; a failed one deleted.
 */
export function ClipCard({ clip, tagNames, canDownload, headingLevel, onDeleted, openUrl = openInPlace, linkEventClips = false }: ClipCardProps) {
  const { t, i18n } = useTranslation(['clipsLibrary', 'common', 'errors']);
  const dispatch = useAppDispatch();
  const errorText = useErrorText();
  const headingId = useId();
  const [download, downloading] = useGetClipDownloadMutation();
  const [remove, removing] = useDeleteClipMutation();
  const [confirming, setConfirming] = useState(false);

  const title = eventTitle(clip.event, t);
  const sharePath = CLIPS_LIBRARY_PATHS.share(clip.event_id, clip.uuid);
  const ready = clip.status === 'ready';
  const busy = downloading.isLoading || removing.isLoading || confirming;
  const error = downloading.error ?? removing.error;

  const onDownload = async () => {
    try {
      const link = await download(clip.id).unwrap();
      openUrl(link.url);
    } catch {
      // Shown under the actions from the mutation's error (spec §6: no downloads left, or the capability gone).
    }
  };

  const onShare = async () => {
    const url = absoluteUrl(sharePath);
    // The system share sheet where there is one (phones); otherwise the link goes to the clipboard.
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: clip.name, text: t('clipsLibrary:share.description', { event: title }), url });
        return;
      } catch (reason) {
        // The viewer closed the sheet: nothing to do. Any other refusal falls back to copying.
        if (reason instanceof DOMException && reason.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      dispatch(addToast({ message: t('clipsLibrary:clip.copied'), type: 'success' }));
    } catch {
      dispatch(addToast({ message: t('clipsLibrary:clip.copyFailed', { url }), type: 'error' }));
    }
  };

  const onDelete = async () => {
    setConfirming(true);
    const confirmed = await dispatch(
      confirmPopup({
        title: t('clipsLibrary:clip.confirmTitle'),
        message: t('clipsLibrary:clip.confirmMessage', { name: clip.name }),
        okLabel: t('clipsLibrary:clip.confirmOk'),
        cancelLabel: t('clipsLibrary:clip.confirmKeep'),
      }),
    ).finally(() => setConfirming(false));
    if (!confirmed) return;
    try {
      await remove(clip.id).unwrap();
      dispatch(addToast({ message: t('clipsLibrary:clip.deleted'), type: 'success' }));
      onDeleted?.(clip);
    } catch {
      // Shown under the actions from the mutation's error.
    }
  };

  const Heading = `h${headingLevel}` as const;
  let progress = '';
  if (downloading.isLoading) progress = t('clipsLibrary:clip.downloading');
  else if (removing.isLoading) progress = t('clipsLibrary:clip.deleting');

  return (
    <Root as="article" aria-labelledby={headingId} gap="sm">
      <Poster>
        <Picture picture={clip.poster} alt="" sizes="(min-width: 768px) 320px, 90vw" />
        <Length aria-hidden="true">{formatTime(clip.duration)}</Length>
      </Poster>
      <Top>
        <ClipName as={Heading} id={headingId}>
          {clip.name}
        </ClipName>
        {/* Polite: the status changes while the list is polled, and a screen reader hears it. */}
        <span aria-live="polite">
          <Badge tone={STATUS_TONES[clip.status]}>{t(`clipsLibrary:clip.status.${clip.status}`)}</Badge>
        </span>
      </Top>
      <Facts>
        <dt>{t('clipsLibrary:clip.game')}</dt>
        <dd>
          <Link href={CLIPS_LIBRARY_PATHS.watch(clip.event_id)}>{title}</Link>
          {linkEventClips && (
            <>
              {' · '}
              <Link href={CLIPS_LIBRARY_PATHS.event(clip.event_id)}>
                {t('clipsLibrary:clip.eventClips')}
                {/* Read out of context (a list of links), the link still names its game. */}
                <Hidden>: {title}</Hidden>
              </Link>
            </>
          )}
        </dd>
        <dt>{t('clipsLibrary:clip.length')}</dt>
        <dd>
          {formatTime(clip.duration)}
          {clip.live && ` · ${t('clipsLibrary:clip.cutLive')}`}
        </dd>
        {clip.tags.length > 0 && (
          <>
            <dt>{t('clipsLibrary:clip.tags')}</dt>
            <dd>
              <Tags>
                {clip.tags.map((tag) => (
                  <li key={tag}>{tagNames.get(tag) ?? tag}</li>
                ))}
              </Tags>
            </dd>
          </>
        )}
        <dt>{t('clipsLibrary:clip.made')}</dt>
        <dd>{formatDate(Date.parse(clip.created_at), i18n.language)}</dd>
      </Facts>
      {isUnfinished(clip) && <Note>{t(`clipsLibrary:clip.progress.${clip.status as 'queued' | 'processing'}`)}</Note>}
      {clip.status === 'failed' && <FailureNote>{failureText(clip.failure_reason, t)}</FailureNote>}
      {(ready || clip.status === 'failed') && (
        <Actions>
          {ready && (
            <>
              <ButtonLink href={sharePath} size="sm">
                {t('clipsLibrary:clip.play')}
                <Hidden> {clip.name}</Hidden>
              </ButtonLink>
              {canDownload && (
                <Button variant="secondary" size="sm" onClick={onDownload} loading={downloading.isLoading} disabled={busy} aria-describedby={headingId}>
                  {t('clipsLibrary:clip.download')}
                </Button>
              )}
              <Button variant="secondary" size="sm" onClick={onShare} disabled={busy} aria-describedby={headingId}>
                {t('clipsLibrary:clip.share')}
              </Button>
            </>
          )}
          <Button variant="secondary" size="sm" onClick={onDelete} loading={removing.isLoading} disabled={busy} aria-describedby={headingId}>
            {t('clipsLibrary:clip.delete')}
          </Button>
        </Actions>
      )}
      <Status role="status">{progress}</Status>
      <FormMessage tone="error">{error ? refusalText(error, errorText, t) : ''}</FormMessage>
    </Root>
  );
}

const Root = styled(Card)`
  height: 100%;
  align-content: start;
`;

const Poster = styled.div`
  position: relative;
  overflow: hidden;
  border-radius: var(--gs-radius-sm);
`;

const Length = styled.span`
  position: absolute;
  right: var(--gs-space-xs);
  bottom: var(--gs-space-xs);
  padding: 0 var(--gs-space-xs);
  border-radius: var(--gs-radius-sm);
  background: rgba(0, 0, 0, 0.75);
  color: #fff;
  font-size: var(--gs-font-size-xs);
  font-variant-numeric: tabular-nums;
`;

const Top = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: var(--gs-space-sm);
`;

const ClipName = styled.h3`
  margin: 0;
  font-size: var(--gs-font-size-md);
  overflow-wrap: anywhere;
`;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: var(--gs-space-xxs) var(--gs-space-md);
  margin: 0;
  font-size: var(--gs-font-size-sm);

  dt {
    font-weight: var(--gs-font-weight-medium);
  }

  dd {
    margin: 0;
    min-width: 0;
    overflow-wrap: anywhere;
  }

  a {
    color: inherit;
  }
`;

const Tags = styled(TagList)`
  li {
    padding: 0 var(--gs-space-xs);
    border: 1px solid var(--gs-border);
    border-radius: var(--gs-radius-pill);
  }
`;

const Note = styled.p`
  margin: 0;
  font-size: var(--gs-font-size-sm);
`;

const FailureNote = styled(Note)`
  color: var(--gs-danger);
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: var(--gs-space-sm);
`;

const Hidden = styled.span`
  ${visuallyHidden}
`;

const Status = styled.p`
  margin: 0;
  font-size: var(--gs-font-size-sm);

  &:empty {
    ${visuallyHidden}
  }
`;
