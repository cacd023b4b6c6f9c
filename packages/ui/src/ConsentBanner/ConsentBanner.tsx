import { Button } from '../Button/Button.tsx';
import { BannerActions, BannerMessage, BannerRoot } from './ConsentBanner.styles.ts';

export interface ConsentBannerProps {
  /** `notice`: tracking runs and one button closes it; `choice`: nothing tracks until the viewer accepts. */
  kind: 'notice' | 'choice';
  /** The banner's name for assistive technology ("Privacy"). */
  label: string;
  message: string;
  /** The notice's button ("Got it"), or the choice's acceptance ("Accept"). */
  acceptLabel: string;
  onAccept: () => void;
  /** The choice's refusal ("Decline"); a notice has none. */
  declineLabel?: string;
  onDecline?: () => void;
}

/**
 * The privacy banner at the foot of the page: a dismissible notice, or an Accept / Decline choice
 * with both answers as easy to give (the same size, side by side). It takes no focus and blocks
 * nothing: the page stays usable while it is up. Every text comes from the site, already translated.
 */
export function ConsentBanner({ kind, label, message, acceptLabel, onAccept, declineLabel, onDecline }: ConsentBannerProps) {
  return (
    <BannerRoot aria-label={label}>
      <BannerMessage>{message}</BannerMessage>
      <BannerActions>
        <Button size="sm" onClick={onAccept}>
          {acceptLabel}
        </Button>
        {kind === 'choice' && declineLabel && onDecline && (
          <Button size="sm" variant="secondary" onClick={onDecline}>
            {declineLabel}
          </Button>
        )}
      </BannerActions>
    </BannerRoot>
  );
}
