import { useTranslation } from '@grandstand/i18n';
import { HiddenLabel, ToggleButton } from './FollowToggle.styles.ts';
import type { FollowControlProps } from './types.ts';

export interface FollowToggleProps extends Pick<FollowControlProps, 'name' | 'size'> {
  pressed: boolean;
  /** The viewer's favourites are loading or a change is on its way: the press waits (the button keeps focus). */
  pending?: boolean;
  onPress: () => void;
}

/** A star: outlined when not followed, filled when followed, in the same box. */
function Star({ filled }: { filled: boolean }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M12 2.8l2.8 5.7 6.3.9-4.55 4.44 1.07 6.26L12 17.14l-5.62 2.96 1.07-6.26L2.9 9.4l6.3-.9z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * The follow control's look, shared by the visitor's light button and the logged-in one: a star
 * toggle (`aria-pressed`) whose name, read by screen readers, is "Follow {name}" or "Unfollow {name}".
 */
export function FollowToggle({ name, size = 'md', pressed, pending = false, onPress }: FollowToggleProps) {
  const { t } = useTranslation('favourites');
  return (
    <ToggleButton
      type="button"
      $size={size}
      $pressed={pressed}
      aria-pressed={pressed}
      aria-disabled={pending || undefined}
      aria-busy={pending || undefined}
      onClick={() => {
        if (!pending) onPress();
      }}
    >
      <Star filled={pressed} />
      <HiddenLabel>{pressed ? t('follow.unfollow', { name }) : t('follow.follow', { name })}</HiddenLabel>
    </ToggleButton>
  );
}
