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
  border: 1px solid ${({ theme }) => theme.colors.bodyTextColor10};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.surfaceText};
  box-shadow: ${({ theme }) => theme.shadows.sm};
  transition: box-shadow ${({ theme }) => theme.motion.fast} ease-in-out;

  &:hover {
    box-shadow: ${({ theme }) => theme.shadows.md};
  }
  &:focus-within {
    outline: 3px solid ${({ theme }) => theme.colors.focusRing};
    outline-offset: 2px;
  }
`;

export const Visual = styled.div`
  position: relative;
  aspect-ratio: 16 / 9;
  background: ${({ theme }) => theme.colors.secondaryColor};
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
  top: ${({ theme }) => theme.space.sm};
  right: ${({ theme }) => theme.space.sm};
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  padding: ${({ theme }) => theme.space.xxs} ${({ theme }) => theme.space.sm};
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.bodyBackground};
  color: ${({ theme }) => theme.colors.bodyTextColor};
  font-size: ${({ theme }) => theme.font.sizes.xs};
`;

export const DurationChip = styled.span`
  position: absolute;
  right: ${({ theme }) => theme.space.sm};
  bottom: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.xxs} ${({ theme }) => theme.space.xs};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.bodyBackground};
  color: ${({ theme }) => theme.colors.bodyTextColor};
  font-size: ${({ theme }) => theme.font.sizes.xs};
  font-variant-numeric: tabular-nums;
`;

export const Body = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
  padding: ${({ theme }) => theme.space.md};
`;

export const Title = styled.h3`
  display: -webkit-box;
  height: 2.6em;
  margin: 0;
  overflow: hidden;
  font-size: ${({ theme }) => theme.font.sizes.md};
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
  gap: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.sm};
  margin: 0;
  color: ${({ theme }) => theme.colors.mutedText};
  font-size: ${({ theme }) => theme.font.sizes.sm};
`;

export const Hidden = styled.span`
  ${visuallyHidden}
`;
