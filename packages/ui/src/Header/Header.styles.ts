import styled from 'styled-components';
import { linkList } from '../shared/linkList.ts';
import { visuallyHidden } from '../shared/visuallyHidden.ts';

/** The bar's own spacing, from a tablet's width on. */
const TABLET = `@container gs-header (min-width: 768px)`;
/** Below this the menu button is its icon alone (named by its hidden text) and the logo smaller. */
const PHONE = `@container gs-header (max-width: 479px)`;

export const HeaderRoot = styled.header`
  container: gs-header / inline-size;
  position: sticky;
  top: 0;
  z-index: var(--gs-z-header);
  background: var(--gs-header-background);
  color: var(--gs-header-text-color);

  & :focus-visible {
    outline-color: var(--gs-header-focus-ring);
  }
`;

export const HomeLink = styled.a`
  display: inline-flex;
  align-items: center;
  gap: var(--gs-space-sm);
  min-height: 2.75rem;
  color: inherit;
  font-size: var(--gs-font-size-lg);
  font-weight: var(--gs-font-weight-bold);
  text-decoration: none;
  min-width: 0;
  flex: 0 1 auto;
  margin-right: auto;
  white-space: nowrap;
  overflow: hidden;
  text-overflow: ellipsis;
`;

/**
 * A fixed height and, until the file says otherwise, a wordmark's 4:1 box: the bar does not move
 * when the logo arrives.
 */
export const Logo = styled.img`
  display: block;
  height: 2.5rem;
  width: auto;
  max-width: 100%;
  aspect-ratio: auto 4 / 1;
  object-fit: contain;
  object-position: left center;

  ${PHONE} {
    height: 2rem;
  }
`;

export const MenuButton = styled.button`
  flex: none;
  display: inline-flex;
  align-items: center;
  gap: var(--gs-space-sm);
  min-height: 2.75rem;
  padding: var(--gs-space-xs) var(--gs-space-sm);
  border: 2px solid currentColor;
  border-radius: var(--gs-radius-md);
  background: transparent;
  color: inherit;
  font: inherit;
  cursor: pointer;

  ${PHONE} {
    justify-content: center;
    min-width: 2.75rem;
    padding: var(--gs-space-xs);
  }
`;

/** The button's text: shown beside the icon, hidden (still its name) on a phone. */
export const MenuLabel = styled.span`
  ${PHONE} {
    ${visuallyHidden}
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

/** Folded: a panel under the bar, over the page (the page does not move when it opens). */
export const Nav = styled.nav<{ $open: boolean }>`
  position: absolute;
  top: 100%;
  left: 0;
  right: 0;
  display: ${({ $open }) => ($open ? 'grid' : 'none')};
  gap: var(--gs-space-md);
  max-height: calc(100vh - 4rem);
  overflow-y: auto;
  padding: var(--gs-space-sm) var(--gs-space-md) var(--gs-space-lg);
  background: var(--gs-header-background);
  box-shadow: var(--gs-shadow-md);
`;

export const MenuExtras = styled.div`
  flex: none;
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: var(--gs-space-sm);
`;

export const NavList = styled.ul`
  ${linkList}
  flex-direction: column;
  gap: var(--gs-space-xs);

  a {
    color: inherit;
    text-decoration: none;
    border-bottom: 2px solid transparent;
  }

  a:hover,
  a[aria-current='page'] {
    border-bottom-color: currentColor;
  }
`;

/**
 * One row at every width: nothing in it wraps (the folded menu opens as a panel under it).
 *
 * From the width its entries need (`useWideFrom`), the menu shows in the bar: measured on the bar
 * (a container query), not the window, so it also folds when the site places it in a narrow frame.
 * The entries never wrap: should they need more than the estimate gave them, they scroll in their
 * row until the bar folds (the logo keeps its size meanwhile, so what they lack is measured whole);
 * the padding keeps focus rings inside the scroller. The comments are here, not in the CSS: the CSS
 * is a string in every page's start.
 */
export const HeaderBar = styled.div<{ $wideFrom: number }>`
  container: gs-header-bar / inline-size;
  display: flex;
  flex-wrap: nowrap;
  align-items: center;
  gap: var(--gs-space-sm);
  min-height: 3.75rem;
  box-sizing: border-box;
  max-width: 80rem;
  margin: 0 auto;
  padding: var(--gs-space-sm) var(--gs-space-md);

  ${TABLET} {
    gap: var(--gs-space-md);
  }

  @container gs-header-bar (min-width: ${({ $wideFrom }) => $wideFrom}px) {
    ${HomeLink} {
      flex-shrink: 0;
    }
    ${MenuButton} {
      display: none;
    }
    ${Nav} {
      position: static;
      display: flex;
      align-items: center;
      gap: var(--gs-space-md);
      min-width: 0;
      max-height: none;
      overflow: visible;
      padding: 0;
      background: none;
      box-shadow: none;
    }
    ${NavList} {
      flex-direction: row;
      white-space: nowrap;
      gap: var(--gs-space-md);
      min-width: 0;
      overflow-x: auto;
      scrollbar-width: thin;
      margin: -4px;
      padding: 4px;
    }
  }
`;

export const Actions = styled.div`
  flex: none;
  display: flex;
  align-items: center;
  gap: var(--gs-space-sm);
`;
