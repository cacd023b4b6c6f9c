import { VOD_CARD_MAX_WIDTH, VOD_CARD_MIN_WIDTH } from '@grandstand/contract';
import styled, { css } from 'styled-components';
import { visuallyHidden } from '../shared/visuallyHidden.ts';

type Layout = 'grid' | 'list';

/**
 * WCAG 2.2 2.5.8 (target size, AA): each of a card's detail links is at least 24 × 24 px, its row as
 * tall, so the links, the follow stars beside them (24 px too) and the card's own link never crowd
 * one another: axe found them smaller, side by side, on every listing.
 */
const DETAIL_TARGET = '24px';
export type CardWidth = 'cell' | 'rail' | 'fluid';

/** spec §9: a rail's card is 280 to 380 px wide, growing with the page between the two. */
const WIDTHS: Record<CardWidth, ReturnType<typeof css> | null> = {
  cell: null,
  rail: css`
    width: clamp(${VOD_CARD_MIN_WIDTH}px, 30vw, ${VOD_CARD_MAX_WIDTH}px);
    min-width: ${VOD_CARD_MIN_WIDTH}px;
    max-width: ${VOD_CARD_MAX_WIDTH}px;
  `,
  fluid: css`
    width: 100%;
    min-width: ${VOD_CARD_MIN_WIDTH}px;
    max-width: ${VOD_CARD_MAX_WIDTH}px;
  `,
};

/**
 * A column of picture and text in the grid layout. Flex, not grid: a grid's rows around the
 * picture's aspect ratio make the browser lay every card out several times over, which made a
 * rail of a dozen cards cost 20 ms of layout on the bench machine, five times what it costs as a
 * column.
 */
export const CardRoot = styled.article<{ $layout: Layout; $width: CardWidth }>`
  position: relative;
  ${({ $layout }) =>
    $layout === 'list'
      ? css`
          display: grid;
          grid-template-columns: minmax(120px, 200px) 1fr;
          align-items: stretch;
        `
      : css`
          display: flex;
          flex-direction: column;
        `}
  min-width: 0;
  ${({ $width }) => WIDTHS[$width]}
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

/**
 * The picture's place: 16:9 above the text (beside it in a list), painted with the teams' colours
 * (`$from`, `$to`) or the channel's secondary colour until and unless a picture covers it.
 */
export const CardVisual = styled.div<{ $layout: Layout; $from?: string; $to?: string; $neutral?: boolean }>`
  position: relative;
  flex: none;
  aspect-ratio: 16 / 9;
  min-height: ${({ $layout }) => ($layout === 'list' ? '100%' : 'auto')};
  background: ${({ theme, $from, $to, $neutral }) =>
    $neutral
      ? theme.colors.bodyTextColor10
      : $from
        ? $to
          ? `linear-gradient(135deg, ${$from} 0 50%, ${$to} 50% 100%)`
          : $from
        : theme.colors.secondaryColor};
`;

/** The LIVE badge over the picture's top-left corner. */
export const VisualBadge = styled.span`
  position: absolute;
  top: var(--gs-space-sm);
  left: var(--gs-space-sm);
  display: flex;
`;

export const DateChip = styled.span`
  display: grid;
  justify-items: center;
  min-width: 3rem;
  padding: var(--gs-space-xs);
  border-radius: var(--gs-radius-md);
  background: var(--gs-body-background);
  color: var(--gs-body-text-color);
  font-size: var(--gs-font-size-xs);
  text-transform: uppercase;

  strong {
    font-size: var(--gs-font-size-lg);
    line-height: 1;
  }
`;

/**
 * In the grid layout every row has a fixed height (two lines of title, one of time, two of links),
 * so cards in a row, and the skeletons standing in for them, are the same height whatever they say.
 */
export const CardBody = styled.div<{ $layout?: Layout }>`
  display: grid;
  flex: 1;
  align-content: start;
  ${({ $layout }) =>
    $layout === 'grid' &&
    css`
      & > ${Badges} {
        height: 1.5rem;
        overflow: hidden;
      }
      & > ${CardTitle} {
        display: -webkit-box;
        height: 2.6em;
        overflow: hidden;
        -webkit-box-orient: vertical;
        -webkit-line-clamp: 2;
      }
      & > ${CardTime} {
        display: block;
        height: 1.5em;
        overflow: hidden;
        white-space: nowrap;
        text-overflow: ellipsis;
      }
      & > ${CardDetails} {
        height: calc(2 * ${DETAIL_TARGET} + var(--gs-space-xs));
        overflow: hidden;
        align-content: flex-start;
      }
    `}
  gap: var(--gs-space-xs);
  padding: var(--gs-space-md);
  min-width: 0;
`;

export const Badges = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: var(--gs-space-xs);
`;

export const CardTitle = styled.h3`
  margin: 0;
  font-size: var(--gs-font-size-md);
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
  font-size: var(--gs-font-size-sm);
  color: var(--gs-muted-text);
`;

/** Above the stretched link, so its own links get the clicks. */
export const CardDetails = styled.div`
  position: relative;
  z-index: 1;
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: var(--gs-space-xs) var(--gs-space-sm);
  font-size: var(--gs-font-size-sm);

  a {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    min-width: ${DETAIL_TARGET};
    min-height: ${DETAIL_TARGET};
    color: var(--gs-link);
  }
`;

/** A row of facts under the title (`meta`), wrapping where they do not fit. */
export const CardMeta = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: var(--gs-space-xs) var(--gs-space-sm);
  margin: 0;
  color: var(--gs-muted-text);
  font-size: var(--gs-font-size-sm);
`;

export const HiddenText = styled.span`
  ${visuallyHidden}
`;
