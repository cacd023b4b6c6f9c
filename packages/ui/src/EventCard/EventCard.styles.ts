import styled, { css } from 'styled-components';
import { visuallyHidden } from '../shared/visuallyHidden.ts';

type Layout = 'grid' | 'list';

export const CardRoot = styled.article<{ $layout: Layout }>`
  position: relative;
  display: grid;
  ${({ $layout }) =>
    $layout === 'list'
      ? css`
          grid-template-columns: minmax(120px, 200px) 1fr;
          align-items: stretch;
        `
      : css`
          grid-template-rows: auto 1fr;
        `}
  min-width: 0;
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

export const CardVisual = styled.div<{ $layout: Layout }>`
  position: relative;
  display: flex;
  align-items: flex-start;
  aspect-ratio: ${({ $layout }) => ($layout === 'list' ? 'auto' : '16 / 9')};
  min-height: ${({ $layout }) => ($layout === 'list' ? '100%' : 'auto')};
  padding: ${({ theme }) => theme.space.sm};
  background: ${({ theme }) => theme.colors.secondaryColor};

  img {
    position: absolute;
    inset: 0;
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
`;

export const DateChip = styled.span`
  display: grid;
  justify-items: center;
  min-width: 3rem;
  padding: ${({ theme }) => theme.space.xs};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.bodyBackground};
  color: ${({ theme }) => theme.colors.bodyTextColor};
  font-size: ${({ theme }) => theme.font.sizes.xs};
  text-transform: uppercase;

  strong {
    font-size: ${({ theme }) => theme.font.sizes.lg};
    line-height: 1;
  }
`;

export const CardBody = styled.div`
  display: grid;
  align-content: start;
  gap: ${({ theme }) => theme.space.xs};
  padding: ${({ theme }) => theme.space.md};
  min-width: 0;
`;

export const Badges = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs};
`;

export const CardTitle = styled.h3`
  margin: 0;
  font-size: ${({ theme }) => theme.font.sizes.md};
  line-height: 1.3;
  overflow-wrap: anywhere;
`;

/** The title's link stretched over the whole card (its ::after), so the card is one target. */
export const CardLink = styled.a`
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

export const CardTime = styled.time`
  font-size: ${({ theme }) => theme.font.sizes.sm};
  color: ${({ theme }) => theme.colors.mutedText};
`;

/** Above the stretched link, so its own links get the clicks. */
export const CardDetails = styled.div`
  position: relative;
  z-index: 1;
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.sm};
  font-size: ${({ theme }) => theme.font.sizes.sm};

  a {
    color: ${({ theme }) => theme.colors.link};
  }
`;

export const HiddenText = styled.span`
  ${visuallyHidden}
`;
