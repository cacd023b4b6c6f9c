import styled from 'styled-components';

export const RailRoot = styled.section`
  display: grid;
  gap: var(--gs-space-sm);
  min-width: 0;
`;

/** Always the height of its buttons, with or without them (they appear once the cards are in). */
export const RailHeader = styled.div`
  display: flex;
  align-items: center;
  min-height: 2.5rem;
  gap: var(--gs-space-md);
`;

export const RailTitle = styled.h2`
  margin: 0;
  margin-right: auto;
  font-size: var(--gs-font-size-lg);
`;

export const RailControls = styled.div`
  display: flex;
  gap: var(--gs-space-xs);
`;

export const RailButton = styled.button`
  display: inline-grid;
  place-items: center;
  width: 2.5rem;
  height: 2.5rem;
  border: 1px solid var(--gs-border);
  border-radius: 50%;
  background: var(--gs-body-background);
  color: var(--gs-body-text-color);
  font-size: var(--gs-font-size-lg);
  line-height: 1;
  cursor: pointer;

  &:hover {
    background: var(--gs-surface);
  }
  &:focus-visible {
    outline: 3px solid var(--gs-focus-ring);
    outline-offset: 2px;
  }
`;

/**
 * spec §9: cards 280 to 380 px wide (a fixed width per screen width, known before any card is in);
 * the row scrolls natively and snaps to card starts. A hero row shows one slide at a time, the next
 * one peeking from wide screens up.
 */
export const RailList = styled.ul<{ $variant?: 'cards' | 'hero' }>`
  display: grid;
  grid-auto-flow: column;
  grid-auto-columns: ${({ $variant }) => ($variant === 'hero' ? '100%' : 'clamp(280px, 80%, 380px)')};
  ${({ theme, $variant }) => ($variant === 'hero' ? `${theme.media.md} { grid-auto-columns: min(100%, 60rem); }` : '')}
  gap: var(--gs-space-md);
  margin: 0;
  padding: var(--gs-space-xs) var(--gs-space-xxs) var(--gs-space-md);
  list-style: none;
  overflow-x: auto;
  overscroll-behavior-x: contain;
  scroll-snap-type: x mandatory;
  scroll-padding-inline: var(--gs-space-xxs);

  @media (prefers-reduced-motion: no-preference) {
    scroll-behavior: smooth;
  }
`;

export const RailItem = styled.li`
  display: grid;
  min-width: 0;
  scroll-snap-align: start;
`;
