import styled from 'styled-components';

// The card itself is ui's EventCard; these are what an on-demand item lays over its poster.

/** The preview plays over the poster, in the same box, so nothing moves when it starts. */
export const Preview = styled.video`
  position: absolute;
  inset: 0;
  width: 100%;
  height: 100%;
  object-fit: cover;
`;

export const LockBadge = styled.span`
  position: absolute;
  top: var(--gs-space-sm);
  right: var(--gs-space-sm);
  display: inline-flex;
  align-items: center;
  gap: var(--gs-space-xs);
  padding: var(--gs-space-xxs) var(--gs-space-sm);
  border-radius: var(--gs-radius-pill);
  background: var(--gs-body-background);
  color: var(--gs-body-text-color);
  font-size: var(--gs-font-size-xs);
`;

export const DurationChip = styled.span`
  position: absolute;
  right: var(--gs-space-sm);
  bottom: var(--gs-space-sm);
  padding: var(--gs-space-xxs) var(--gs-space-xs);
  border-radius: var(--gs-radius-sm);
  background: var(--gs-body-background);
  color: var(--gs-body-text-color);
  font-size: var(--gs-font-size-xs);
  font-variant-numeric: tabular-nums;
`;
