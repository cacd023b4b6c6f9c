import styled from 'styled-components';

export const RailRoot = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  min-width: 0;
`;

export const RailHeader = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
`;

export const RailTitle = styled.h2`
  margin: 0;
  margin-right: auto;
  font-size: ${({ theme }) => theme.font.sizes.lg};
`;

export const RailControls = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space.xs};
`;

export const RailButton = styled.button`
  display: inline-grid;
  place-items: center;
  width: 2.5rem;
  height: 2.5rem;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.bodyBackground};
  color: ${({ theme }) => theme.colors.bodyTextColor};
  font-size: ${({ theme }) => theme.font.sizes.lg};
  line-height: 1;
  cursor: pointer;

  &:hover {
    background: ${({ theme }) => theme.colors.surface};
  }
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focusRing};
    outline-offset: 2px;
  }
`;

/** spec §9: cards 280 to 380 px wide; the row scrolls natively and snaps to card starts. */
export const RailList = styled.ul`
  display: grid;
  grid-auto-flow: column;
  grid-auto-columns: clamp(280px, 80%, 380px);
  gap: ${({ theme }) => theme.space.md};
  margin: 0;
  padding: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.xxs} ${({ theme }) => theme.space.md};
  list-style: none;
  overflow-x: auto;
  overscroll-behavior-x: contain;
  scroll-snap-type: x mandatory;
  scroll-padding-inline: ${({ theme }) => theme.space.xxs};

  @media (prefers-reduced-motion: no-preference) {
    scroll-behavior: smooth;
  }
`;

export const RailItem = styled.li`
  display: grid;
  min-width: 0;
  scroll-snap-align: start;
`;
