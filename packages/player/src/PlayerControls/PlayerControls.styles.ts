import styled, { css, keyframes } from 'styled-components';

/**
 * The player is a dark stage whatever the channel's body colours, as video players are: text and
 * icons are white on near-black, and the channel shows through its brand colour (progress, thumb,
 * live badge). The focus ring is white so it stays visible on the dark bar.
 */
const focusRing = css`
  &:focus-visible {
    outline: 3px solid #ffffff;
    outline-offset: 1px;
    box-shadow: 0 0 0 5px rgba(0, 0, 0, 0.9);
  }
`;

// The bar lays out by the player's own width (a phone, a narrow column, an embed).
export const Root = styled.div<{ $idle: boolean }>`
  position: relative;
  width: 100%;
  aspect-ratio: 16 / 9;
  overflow: hidden;
  container-type: inline-size;
  background: #000000;
  color: #ffffff;
  font-family: var(--gs-font-family);
  cursor: ${({ $idle }) => ($idle ? 'none' : 'auto')};
  ${focusRing}

  &:fullscreen {
    aspect-ratio: auto;
    height: 100%;
  }

  video {
    display: block;
    width: 100%;
    height: 100%;
    object-fit: contain;
  }
`;

/** Clicking the picture plays or pauses, like every video player. */
export const Surface = styled.div`
  position: absolute;
  inset: 0;
`;

const fade = css<{ $visible: boolean }>`
  opacity: ${({ $visible }) => ($visible ? 1 : 0)};
  transition: opacity var(--gs-motion-normal) ease-in-out;
`;

export const TopBar = styled.div<{ $visible: boolean }>`
  ${fade}
  position: absolute;
  inset: 0 0 auto 0;
  display: flex;
  align-items: center;
  gap: var(--gs-space-sm);
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
  background: rgba(0, 0, 0, 0.75);
  pointer-events: none;
`;

export const Title = styled.p`
  margin: 0;
  overflow: hidden;
  font-size: var(--gs-font-size-md);
  font-weight: var(--gs-font-weight-bold);
  text-overflow: ellipsis;
  white-space: nowrap;
`;

export const Bar = styled.div<{ $visible: boolean }>`
  ${fade}
  position: absolute;
  inset: auto 0 0 0;
  display: flex;
  flex-direction: column;
  gap: var(--gs-space-xs);
  padding: ${({ theme }) => `${theme.space.xs} ${theme.space.sm} ${theme.space.sm}`};
  background: rgba(0, 0, 0, 0.8);
`;

export const Row = styled.div`
  display: flex;
  align-items: center;
  gap: var(--gs-space-xs);
`;

export const Spacer = styled.div`
  flex: 1;
`;

export const IconButton = styled.button`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-width: 2.75rem;
  min-height: 2.75rem;
  padding: 0;
  border: 0;
  border-radius: var(--gs-radius-sm);
  background: transparent;
  color: inherit;
  cursor: pointer;
  ${focusRing}

  &:hover {
    background: rgba(255, 255, 255, 0.15);
  }
`;

export const TextButton = styled(IconButton)`
  padding: 0 var(--gs-space-sm);
  border: 2px solid #ffffff;
  font: inherit;
  font-size: var(--gs-font-size-sm);
  font-weight: var(--gs-font-weight-bold);
  min-height: 2rem;
`;

export const TimeText = styled.span`
  padding: 0 var(--gs-space-xs);
  font-size: var(--gs-font-size-sm);
  font-variant-numeric: tabular-nums;
  white-space: nowrap;
`;

export const Badge = styled.span<{ $dim?: boolean }>`
  display: inline-flex;
  align-items: center;
  padding: ${({ theme }) => `${theme.space.xxs} ${theme.space.sm}`};
  border-radius: var(--gs-radius-sm);
  background: ${({ theme, $dim }) => ($dim ? '#3a3a3a' : theme.colors.primaryColor)};
  color: ${({ theme, $dim }) => ($dim ? '#ffffff' : theme.colors.primaryContrast)};
  font-size: var(--gs-font-size-xs);
  font-weight: var(--gs-font-weight-bold);
  letter-spacing: 0.05em;
  text-transform: uppercase;
`;

const thumb = css`
  width: 1rem;
  height: 1rem;
  border: 2px solid #ffffff;
  border-radius: 50%;
  background: var(--gs-primary-color);
`;

const range = css`
  appearance: none;
  margin: 0;
  background: transparent;
  cursor: pointer;
  ${focusRing}

  &::-webkit-slider-thumb {
    appearance: none;
    ${thumb}
  }
  &::-moz-range-thumb {
    ${thumb}
  }
  &:disabled {
    cursor: default;
  }
`;

export const SeekTrack = styled.div`
  position: relative;
  display: flex;
  align-items: center;
  height: 1.5rem;

  &::before {
    content: '';
    position: absolute;
    inset: auto 0;
    height: 4px;
    border-radius: 2px;
    background: rgba(255, 255, 255, 0.3);
  }
`;

export const Fill = styled.div<{ $kind: 'buffered' | 'played' }>`
  position: absolute;
  left: 0;
  height: 4px;
  border-radius: 2px;
  background: ${({ theme, $kind }) => ($kind === 'played' ? theme.colors.primaryColor : 'rgba(255, 255, 255, 0.55)')};
  pointer-events: none;
`;

export const SeekInput = styled.input`
  ${range}
  position: relative;
  width: 100%;
  height: 1.5rem;
`;

// On a phone-sized player the bar keeps its room for the site's actions (Clip) and full screen: the
// slider goes, mute stays, and phones have their own volume keys.
export const VolumeInput = styled.input`
  ${range}
  width: 5rem;
  height: 1.5rem;

  @container (max-width: 28rem) {
    display: none;
  }

  &::-webkit-slider-runnable-track {
    height: 4px;
    border-radius: 2px;
    background: rgba(255, 255, 255, 0.55);
  }
  &::-webkit-slider-thumb {
    margin-top: -6px;
  }
`;

export const QualitySelect = styled.select`
  min-height: 2rem;
  padding: 0 var(--gs-space-xs);
  border: 2px solid #ffffff;
  border-radius: var(--gs-radius-sm);
  background: #000000;
  color: #ffffff;
  font: inherit;
  font-size: var(--gs-font-size-sm);
  ${focusRing}
`;

export const Overlay = styled.div`
  position: absolute;
  inset: 0;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: var(--gs-space-md);
  padding: var(--gs-space-lg);
  background: rgba(0, 0, 0, 0.85);
  text-align: center;
`;

export const Message = styled.p`
  max-width: 32rem;
  margin: 0;
  font-size: var(--gs-font-size-lg);
  font-weight: var(--gs-font-weight-medium);
`;

const spin = keyframes`
  to { transform: rotate(360deg); }
`;

export const Spinner = styled.div`
  position: absolute;
  top: 50%;
  left: 50%;
  width: 3rem;
  height: 3rem;
  margin: -1.5rem 0 0 -1.5rem;
  border: 4px solid rgba(255, 255, 255, 0.3);
  border-top-color: var(--gs-primary-color);
  border-radius: 50%;
  animation: ${spin} 0.9s linear infinite;
  pointer-events: none;
`;

/**
 * A button of the site's in the control bar (the player's `actions`), drawn like the player's own
 * text buttons: white on the dark bar, with the player's focus ring.
 */
export const ActionButton = styled(TextButton)`
  gap: var(--gs-space-xs);
`;
