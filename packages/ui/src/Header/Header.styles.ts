import styled from 'styled-components';

/**
 * The header folds its menu by its own width (a container query) rather than the window's, so it
 * also folds when the site places it in a narrow frame.
 */
export const WIDE = `@container gs-header (min-width: 768px)`;

export const HeaderRoot = styled.header`
  container: gs-header / inline-size;
  position: sticky;
  top: 0;
  z-index: ${({ theme }) => theme.zIndex.header};
  background: ${({ theme }) => theme.colors.headerBackground};
  color: ${({ theme }) => theme.colors.headerTextColor};

  & :focus-visible {
    outline-color: ${({ theme }) => theme.colors.headerFocusRing};
  }
`;

export const HeaderBar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
  max-width: 80rem;
  margin: 0 auto;
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
`;

export const HomeLink = styled.a`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  min-height: 2.75rem;
  color: inherit;
  font-size: ${({ theme }) => theme.font.sizes.lg};
  font-weight: ${({ theme }) => theme.font.weights.bold};
  text-decoration: none;
`;

export const Logo = styled.img`
  display: block;
  height: 2.5rem;
  width: auto;
`;

export const MenuButton = styled.button`
  margin-left: auto;
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  min-height: 2.75rem;
  padding: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.sm};
  border: 2px solid currentColor;
  border-radius: ${({ theme }) => theme.radii.md};
  background: transparent;
  color: inherit;
  font: inherit;
  cursor: pointer;

  ${WIDE} {
    display: none;
  }
`;

export const Bars = styled.span.attrs({ 'aria-hidden': true })`
  display: inline-block;
  width: 1.25rem;
  height: 2px;
  background: currentColor;
  box-shadow:
    0 -6px 0 currentColor,
    0 6px 0 currentColor;
`;

export const Nav = styled.nav<{ $open: boolean }>`
  flex-basis: 100%;
  display: ${({ $open }) => ($open ? 'block' : 'none')};

  ${WIDE} {
    display: block;
    flex-basis: auto;
    margin-left: auto;
  }
`;

export const NavList = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  margin: 0;
  padding: 0;
  list-style: none;

  ${WIDE} {
    flex-direction: row;
    flex-wrap: wrap;
    gap: ${({ theme }) => theme.space.md};
  }

  a {
    display: inline-flex;
    align-items: center;
    min-height: 2.75rem;
    color: inherit;
    text-decoration: none;
    border-bottom: 2px solid transparent;
  }

  a:hover,
  a[aria-current='page'] {
    border-bottom-color: currentColor;
  }
`;

export const Actions = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
`;
