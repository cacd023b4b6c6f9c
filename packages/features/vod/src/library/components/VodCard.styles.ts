import { VOD_CARD_MAX_WIDTH, VOD_CARD_MIN_WIDTH } from '@grandstand/contract';
import { Link, visuallyHidden } from '@grandstand/ui';
import styled from 'styled-components';

/** spec §9: a vod card is 280 to 380 px wide: it grows with the page between the two. */
export const CardRoot = styled.article<{ $fluid: boolean }>`
  position: relative;
  display: flex;
  flex-direction: column;
  width: ${({ $fluid }) => ($fluid ? '100%' : `clamp(${VOD_CARD_MIN_WIDTH}px, 30vw, ${VOD_CARD_MAX_WIDTH}px)`)};
  min-width: ${VOD_CARD_MIN_WIDTH}px;
  max-width: ${VOD_CARD_MAX_WIDTH}px;
  overflow: hidden;
  border: 1px solid var(--gs-body-text-color-10);
  border-radius: var(--gs-radius-lg);
  background: var(--gs-surface);
  color: var(--gs-surface-text);
  box-shadow: var(--gs-shadow-sm);
  transition: box-shadow var(--gs-motion-fast) ease-in-out;

  &:hover {
    box-shadow: var(--gs-shadow-md);
  }
  &:focus-within {
    outline: 3px solid var(--gs-focus-ring);
    outline-offset: 2px;
  }
`;

export const Visual = styled.div`
  position: relative;
  aspect-ratio: 16 / 9;
  background: var(--gs-secondary-color);
`;

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

export const Body = styled.div`
  display: grid;
  gap: var(--gs-space-xs);
  padding: var(--gs-space-md);
`;

export const Title = styled.h3`
  display: -webkit-box;
  height: 2.6em;
  margin: 0;
  overflow: hidden;
  font-size: var(--gs-font-size-md);
  line-height: 1.3;
  overflow-wrap: anywhere;
  -webkit-box-orient: vertical;
  -webkit-line-clamp: 2;
`;

/** The title's link stretched over the whole card (its ::after), so the card is one target. */
export const TitleLink = styled(Link)`
  color: inherit;
  text-decoration: none;

  &::after {
    content: '';
    position: absolute;
    inset: 0;
  }
  &:hover {
    text-decoration: underline;
  }
  &:focus-visible {
    outline: none;
  }
`;

export const Meta = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: var(--gs-space-xs) var(--gs-space-sm);
  margin: 0;
  color: var(--gs-muted-text);
  font-size: var(--gs-font-size-sm);
`;

export const Hidden = styled.span`
  ${visuallyHidden}
`;
