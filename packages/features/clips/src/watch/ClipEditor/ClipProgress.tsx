import type { Clip } from '@grandstand/contract';
import { useTranslation } from '@grandstand/i18n';
import { Button, ButtonLink, Link, Stack, Text } from '@grandstand/ui';
import { useEffect, useRef, useState } from 'react';
import { CLIP_POLL_INTERVAL_MS, isUnfinished, useGetEventClipsQuery } from '../../clipsApi.ts';
import { clipFailureOf } from '../../refusals.ts';
import { Actions } from './ClipEditor.styles.ts';

export interface ClipProgressProps {
  /** The clip as POST /clip answered (queued). */
  clip: Clip;
  /** Where the viewer's clips are listed. */
  myClipsPath: string;
  onAnother: () => void;
}

/** A clip's share page (spec §2 `/share/{id}/{uuid}`). */
export const sharePath = (clip: Pick<Clip, 'event_id' | 'uuid'>) => `/share/${clip.event_id}/${clip.uuid}`;

/**
 * The new clip on its way (spec §4 clip lifecycle): queued, processing, then ready with a link to play
 * it, or failed with the reason. The event's clips are asked for every 2 s while it is unfinished, and
 * no more once it is ready or failed; the viewer never reloads.
 */
export function ClipProgress({ clip: created, myClipsPath, onAnother }: ClipProgressProps) {
  const { t } = useTranslation('clipsWatch');
  // Once finished, polling stops: kept as state so the query's own next render sees it.
  const [finished, setFinished] = useState(!isUnfinished(created));
  const { data: eventClips } = useGetEventClipsQuery(created.event_id, {
    pollingInterval: finished ? 0 : CLIP_POLL_INTERVAL_MS,
    skipPollingIfUnfocused: false,
  });
  const clip = eventClips?.data.find((candidate) => candidate.id === created.id) ?? created;
  if (!finished && !isUnfinished(clip)) setFinished(true);

  const statusRef = useRef<HTMLDivElement>(null);
  useEffect(() => statusRef.current?.focus(), []);

  const name = clip.name;
  const failure = clipFailureOf(clip.failure_reason);
  // The server words the reason in English: a known one reads in the viewer's language, another as it is.
  const reason = failure ? t(`failures.${failure}`) : clip.failure_reason;
  const message = clip.status === 'failed' ? (reason ? t('status.failed', { name, reason }) : t('status.failedNoReason', { name })) : t(`status.${clip.status}`, { name });

  return (
    <Stack gap="md">
      {/* Announced politely on each change; focused once so a keyboard viewer lands on it. */}
      <div ref={statusRef} tabIndex={-1} role="status">
        <Text bold>{message}</Text>
      </div>
      <Actions>
        {clip.status === 'ready' && <ButtonLink href={sharePath(clip)}>{t('status.play')}</ButtonLink>}
        <Link href={myClipsPath}>{t('status.myClips')}</Link>
        <Button variant="secondary" onClick={onAnother}>
          {t('status.another')}
        </Button>
      </Actions>
    </Stack>
  );
}
