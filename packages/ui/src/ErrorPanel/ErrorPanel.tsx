import { useId } from 'react';
import { Button } from '../Button/Button.tsx';
import { PanelBody, PanelHint, PanelMessage, PanelRoot, PanelTitle } from './ErrorPanel.styles.ts';

export interface ErrorPanelProps {
  title: string;
  message: string;
  actionLabel?: string;
  onAction?: () => void;
  /** spec §2: the Reload page button stays disabled for 60 seconds; the site counts, this shows it. */
  actionDisabled?: boolean;
  /** Why the action is unavailable or what it does ("Available in 42 s"); tied to the button. */
  actionHint?: string;
  fullScreen?: boolean;
}

/**
 * The panel shown when the site cannot work at all, e.g. spec §2's full-screen "WHOOPS!" when the
 * api key request fails. Every text comes from the site, already translated.
 */
export function ErrorPanel({ title, message, actionLabel, onAction, actionDisabled = false, actionHint, fullScreen = false }: ErrorPanelProps) {
  const hintId = useId();
  const TitleTag = fullScreen ? 'h1' : 'h2';
  return (
    <PanelRoot role="alert" $fullScreen={fullScreen}>
      <PanelBody>
        <PanelTitle as={TitleTag}>{title}</PanelTitle>
        <PanelMessage>{message}</PanelMessage>
        {actionLabel && onAction && (
          <Button size="lg" onClick={onAction} disabled={actionDisabled} aria-describedby={actionHint ? hintId : undefined}>
            {actionLabel}
          </Button>
        )}
        {actionHint && <PanelHint id={hintId}>{actionHint}</PanelHint>}
      </PanelBody>
    </PanelRoot>
  );
}
