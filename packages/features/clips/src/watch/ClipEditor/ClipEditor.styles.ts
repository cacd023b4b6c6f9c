import styled, { css } from 'styled-components';

/**
 * The editor is a sheet along the bottom of the viewport (of the player, in full screen), so the
 * picture stays in view above it while the viewer marks and previews.
 */
export const Sheet = styled.div`
  position: fixed;
  inset: auto 0 0 0;
  z-index: var(--gs-z-modal);
  display: grid;
  gap: var(--gs-space-md);
  width: 100%;
  max-width: 48rem;
  max-height: min(36rem, 70vh);
  margin: 0 auto;
  overflow: auto;
  padding: var(--gs-space-lg);
  border-radius: ${({ theme }) => `${theme.radii.lg} ${theme.radii.lg} 0 0`};
  background: var(--gs-surface);
  color: var(--gs-surface-text);
  box-shadow: var(--gs-shadow-lg);
  font-family: var(--gs-font-family);

  &:focus {
    outline: none;
  }
`;

export const SheetHeader = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: var(--gs-space-sm);

  h2 {
    margin: 0;
    font-size: var(--gs-font-size-lg);
  }
`;

export const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  gap: var(--gs-space-md);

  > * {
    flex: 1 1 10rem;
  }
`;

export const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: var(--gs-space-sm);
`;

export const Track = styled.div`
  position: relative;
  height: 2.75rem;
  margin: 0 1.375rem;
  touch-action: none;

  &::before {
    content: '';
    position: absolute;
    inset: 50% 0 auto 0;
    height: 0.5rem;
    transform: translateY(-50%);
    border-radius: var(--gs-radius-pill);
    background: var(--gs-border);
  }
`;

/** The selection between the marks and the playhead: positioned by CSSOM (see `usePosition`). */
export const Selection = styled.div`
  position: absolute;
  top: 50%;
  height: 0.5rem;
  transform: translateY(-50%);
  background: var(--gs-primary-color);
`;

export const Playhead = styled.div`
  position: absolute;
  top: 0.25rem;
  bottom: 0.25rem;
  width: 2px;
  margin-left: -1px;
  background: var(--gs-surface-text);
  pointer-events: none;
`;

const focusRing = css`
  &:focus-visible {
    outline: 3px solid var(--gs-focus-ring);
    outline-offset: 2px;
  }
`;

/** A mark: 2.75 rem wide for a finger, centred on its time. */
export const Handle = styled.div`
  position: absolute;
  top: 0;
  width: 2.75rem;
  height: 2.75rem;
  margin-left: -1.375rem;
  cursor: ew-resize;
  touch-action: none;
  border-radius: var(--gs-radius-sm);
  ${focusRing}

  &::after {
    content: '';
    position: absolute;
    inset: 0.375rem 1rem;
    border: 2px solid var(--gs-surface);
    border-radius: var(--gs-radius-sm);
    background: var(--gs-primary-color);
  }
`;

export const TrackTimes = styled.div`
  display: flex;
  justify-content: space-between;
  font-size: var(--gs-font-size-sm);
  color: var(--gs-muted-text);
  font-variant-numeric: tabular-nums;
`;
