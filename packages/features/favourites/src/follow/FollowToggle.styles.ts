import { visuallyHidden } from '@grandstand/ui';
import styled from 'styled-components';

export type FollowSize = 'sm' | 'md';

/**
 * One square box per size whatever the state: following, pending or refused, nothing moves. The
 * small one is WCAG 2.2's 24 × 24 px target (2.5.8) exactly, the height of a card's detail row
 * (ui's EventCard), so it sits in that row without reaching into the rows around it.
 */
const BOX: Record<FollowSize, string> = { sm: 'max(1.5rem, 24px)', md: '2.75rem' };
const ICON: Record<FollowSize, string> = { sm: '1.125rem', md: '1.5rem' };

// Outline star in the text colour of where it sits; a followed one in the channel's readable brand
// colour.
export const ToggleButton = styled.button<{ $size: FollowSize; $pressed: boolean }>`
  display: inline-flex;
  flex: none;
  align-items: center;
  justify-content: center;
  box-sizing: border-box;
  width: ${({ $size }) => BOX[$size]};
  height: ${({ $size }) => BOX[$size]};
  padding: 0;
  border: 2px solid transparent;
  border-radius: var(--gs-radius-pill);
  background: transparent;
  color: ${({ theme, $pressed }) => ($pressed ? theme.colors.link : 'inherit')};
  cursor: pointer;
  transition: background-color var(--gs-motion-fast) ease-in-out;

  &:hover:not([aria-disabled='true']) {
    background: var(--gs-body-text-color-10);
  }

  &:focus-visible {
    outline: 3px solid var(--gs-focus-ring);
    outline-offset: 2px;
  }

  &[aria-disabled='true'] {
    cursor: progress;
    opacity: 0.6;
  }

  svg {
    width: ${({ $size }) => ICON[$size]};
    height: ${({ $size }) => ICON[$size]};
  }
`;

export const HiddenLabel = styled.span`
  ${visuallyHidden}
`;
