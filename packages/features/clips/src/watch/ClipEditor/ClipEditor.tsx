import type { Clip, ClipOptions, EventDetail } from '@grandstand/contract';
import { useTranslation } from '@grandstand/i18n';
import type { PlayerHandle } from '@grandstand/player';
import { Button, ButtonLink, Stack, Text } from '@grandstand/ui';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { useGetClipOptionsQuery } from '../../clipsApi.ts';
import { ClipForm } from './ClipForm.tsx';
import { ClipProgress } from './ClipProgress.tsx';
import { Sheet, SheetHeader } from './ClipEditor.styles.ts';

/** The profile's clips (spec §2), where every clip of the viewer is listed. */
export const MY_CLIPS_PATH = '/profile/clips';

export interface ClipEditorProps {
  event: EventDetail;
  player: PlayerHandle;
  loginPath: string;
  /** The clip this viewer last sent from here, followed until they clip another moment. */
  created: Clip | null;
  onCreated: (clip: Clip | null) => void;
  onClose: () => void;
}

/**
 * The clip editor (spec §3 Clip): a dialog over the bottom of the page (of the player, in full screen)
 * that keeps the picture in view. It says why a viewer cannot clip (a visitor: log in; no capability;
 * no clips left), or offers the form; after a clip is sent, its progress. Escape closes it.
 */
export function ClipEditor({ event, player, loginPath, created, onCreated, onClose }: ClipEditorProps) {
  const { t } = useTranslation('clipsWatch');
  const titleId = useId();
  const sheetRef = useRef<HTMLDivElement>(null);
  const { data: options, isError, refetch } = useGetClipOptionsQuery(event.id);

  useEffect(() => sheetRef.current?.focus(), []);

  const onKeyDown = (keyEvent: KeyboardEvent<HTMLDivElement>) => {
    // The player's keys (Space, arrows, K, M, F, L) must not act on what the viewer does here: React
    // bubbles this portal's keys to the player's region.
    keyEvent.stopPropagation();
    if (keyEvent.key === 'Escape') {
      keyEvent.preventDefault();
      onClose();
    }
  };

  let body;
  if (isError) {
    body = (
      <Stack gap="sm">
        <Text role="alert">{t('errors.options')}</Text>
        <div>
          <Button variant="secondary" onClick={() => void refetch()}>
            {t('errors.retry')}
          </Button>
        </div>
      </Stack>
    );
  } else if (!options) {
    body = <Text role="status">{t('loading')}</Text>;
  } else if (created) {
    body = <ClipProgress clip={created} myClipsPath={MY_CLIPS_PATH} onAnother={() => onCreated(null)} />;
  } else if (!options.can_clip) {
    body = <CannotClip options={options} loginPath={loginPath} />;
  } else {
    body = <Editable event={event} player={player} options={options} onCreated={onCreated} />;
  }

  const container = document.fullscreenElement ?? document.body;
  return createPortal(
    <Sheet ref={sheetRef} role="dialog" aria-labelledby={titleId} tabIndex={-1} onKeyDown={onKeyDown}>
      <SheetHeader>
        <h2 id={titleId}>{t('title')}</h2>
        <Button variant="ghost" size="sm" onClick={onClose}>
          {t('close')}
        </Button>
      </SheetHeader>
      {body}
    </Sheet>,
    container,
  );
}

/** spec §6: what stands between this viewer and a clip, and the way past it where there is one. */
function CannotClip({ options, loginPath }: { options: ClipOptions; loginPath: string }) {
  const { t } = useTranslation('clipsWatch');
  if (options.reason === 'login') {
    return (
      <Stack gap="sm">
        <Text>{t('reason.login')}</Text>
        <div>
          <ButtonLink href={loginPath}>{t('reason.loginAction')}</ButtonLink>
        </div>
      </Stack>
    );
  }
  if (options.reason === 'email') return <Text>{t('reason.email')}</Text>;
  if (options.reason === 'limit') {
    return (
      <Stack gap="sm">
        <Text>{t('reason.limit')}</Text>
        <div>
          <ButtonLink href={MY_CLIPS_PATH} variant="secondary">
            {t('reason.myClips')}
          </ButtonLink>
        </div>
      </Stack>
    );
  }
  return <Text>{t('reason.capability')}</Text>;
}

/**
 * The form, in the clip time base: on demand the recording's own seconds; live, seconds after the
 * event's start on the wall clock, read from the stream's program date-time once the editor opens.
 */
function Editable({ event, player, options, onCreated }: { event: EventDetail; player: PlayerHandle; options: ClipOptions; onCreated: (clip: Clip) => void }) {
  const { t } = useTranslation('clipsWatch');
  const readOffset = () => {
    if (!player.live) return 0;
    const zero = player.dateAt(0);
    return zero ? zero.getTime() / 1000 - event.event_utc_ts : null;
  };
  const [offset, setOffset] = useState(readOffset);
  // A live stream tells its time once its first segments are in: read it as soon as it does, once.
  useEffect(() => {
    if (offset !== null) return;
    return player.subscribe(() => {
      const found = readOffset();
      if (found !== null) setOffset(found);
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- readOffset reads the same player and event
  }, [offset, player, event.event_utc_ts]);
  if (offset === null) return <Text role="alert">{t('live.noClock')}</Text>;
  return <ClipForm event={event} player={player} options={options} offset={offset} onCreated={onCreated} />;
}
