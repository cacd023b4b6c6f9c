import type { Clip, EventDetail } from '@grandstand/contract';
import { useTranslation } from '@grandstand/i18n';
import { PlayerActionButton, type PlayerHandle } from '@grandstand/player';
import { visuallyHidden } from '@grandstand/ui';
import { lazy, Suspense, useRef, useState } from 'react';
import styled from 'styled-components';

const loadEditor = () => import('./ClipEditor/ClipEditor.tsx');
/** The editor is a chunk of its own: the watch page carries only this button until the viewer presses it. */
const ClipEditor = lazy(() => loadEditor().then((module) => ({ default: module.ClipEditor })));

export interface ClipActionProps {
  /** The event on the watch page. */
  event: EventDetail;
  /** The page's player: the editor marks, previews and clips over its timeline. */
  player: PlayerHandle;
  /**
   * Where a visitor logs in (the site's login page). The site's login returns to the last page
   * visited, so the viewer comes back to this watch page. Default `/login`.
   */
  loginPath?: string;
}

const Hidden = styled.span`
  ${visuallyHidden}
`;

/**
 * The Clip control in the player's control bar (spec §3 Clip): opens the clip editor over the
 * player's timeline; Escape or Close shut it and give focus back to this button.
 *
 * @example
 * createWatchRoutes({ WatchActions: LazyClipAction });
 */
export function ClipAction({ event, player, loginPath = '/login' }: ClipActionProps) {
  const { t } = useTranslation('clipsWatch');
  const [open, setOpen] = useState(false);
  // Kept while the editor is closed: reopening it shows the clip on its way until the viewer clips another.
  const [created, setCreated] = useState<Clip | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  // Fetched while the viewer points at the button, so the editor opens at once on the press.
  const preload = () => void loadEditor().catch(() => undefined);
  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };

  return (
    <>
      <PlayerActionButton
        ref={buttonRef}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        title={t('clipThis')}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => (open ? close() : setOpen(true))}
      >
        {t('clip')}
      </PlayerActionButton>
      {open && (
        <Suspense fallback={<Hidden role="status">{t('loading')}</Hidden>}>
          <ClipEditor event={event} player={player} loginPath={loginPath} created={created} onCreated={setCreated} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
