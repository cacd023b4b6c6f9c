import styled, { css } from 'styled-components';

/** The language select on the bar's colours, in the signed-in shell and on the pages before sign-in. */
export const barSelect = css`
  font: inherit;
  min-height: 32px;
  padding: var(--gs-space-xs) var(--gs-space-sm);
  border-radius: var(--gs-radius-sm);
  border: 1px solid var(--gs-header-text-color-50);
  background: var(--gs-header-background);
  color: inherit;
`;

export const ShellRoot = styled.div`
  min-height: 100vh;
  display: flex;
  flex-direction: column;
  background: var(--gs-body-background);
  color: var(--gs-body-text-color);
`;

export const SkipLink = styled.a`
  position: absolute;
  inset-inline-start: var(--gs-space-sm);
  inset-block-start: -100px;
  padding: var(--gs-space-sm) var(--gs-space-md);
  background: var(--gs-body-background);
  color: var(--gs-body-text-color);
  z-index: var(--gs-z-modal);

  &:focus {
    inset-block-start: var(--gs-space-sm);
  }
`;

// Every control of the bar is at least 24 px high (WCAG 2.2 target size).
export const Bar = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: var(--gs-space-sm) var(--gs-space-md);
  padding: var(--gs-space-sm) var(--gs-space-md);
  background: var(--gs-header-background);
  color: var(--gs-header-text-color);

  a,
  button,
  select {
    color: inherit;
  }

  a {
    display: inline-flex;
    align-items: center;
    min-height: 24px;
  }

  a:focus-visible,
  button:focus-visible,
  select:focus-visible {
    outline: 2px solid var(--gs-header-focus-ring);
    outline-offset: 2px;
  }
`;

export const Brand = styled.p`
  margin: 0;
  margin-inline-end: auto;
  display: flex;
  flex-direction: column;
  line-height: 1.2;

  a {
    font-weight: var(--gs-font-weight-bold);
    font-size: var(--gs-font-size-lg);
    text-decoration: none;
    min-height: 24px;
    display: inline-flex;
    align-items: center;
  }

  span {
    font-size: var(--gs-font-size-sm);
  }
`;

export const BarTools = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: var(--gs-space-sm);

  select {
    ${barSelect}
  }
`;

export const Who = styled.span`
  font-size: var(--gs-font-size-sm);
`;

export const BarButton = styled.button`
  font: inherit;
  min-height: 32px;
  padding: var(--gs-space-xs) var(--gs-space-md);
  border-radius: var(--gs-radius-sm);
  border: 1px solid var(--gs-header-text-color-50);
  background: transparent;
  cursor: pointer;
`;

// On a phone the navigation is a band above the page: its button, and its links once opened; from 60rem a column beside it.
export const Body = styled.div`
  flex: 1;
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  grid-template-rows: auto 1fr;

  @media (min-width: 60rem) {
    grid-template-columns: 15rem minmax(0, 1fr);
    grid-template-rows: 1fr;
  }
`;

// On a phone the list is folded (data-open false) until its button opens it; from 60rem it is always shown.
export const SideNav = styled.nav`
  border-block-end: 1px solid var(--gs-border);
  padding: var(--gs-space-sm) var(--gs-space-md);

  ul {
    list-style: none;
    margin: var(--gs-space-sm) 0 0;
    padding: 0;
    display: flex;
    flex-wrap: wrap;
    gap: var(--gs-space-xs) var(--gs-space-sm);
  }

  ul[data-open='false'] {
    display: none;
  }

  a {
    display: flex;
    align-items: center;
    min-height: 32px;
    padding: var(--gs-space-xs) var(--gs-space-sm);
    border-radius: var(--gs-radius-sm);
    color: var(--gs-body-text-color);
    text-decoration: none;
  }

  a:hover {
    background: var(--gs-body-text-color-10);
  }

  a[aria-current='page'] {
    background: var(--gs-primary-color);
    color: var(--gs-primary-contrast);
    font-weight: var(--gs-font-weight-bold);
  }

  a:focus-visible,
  button:focus-visible {
    outline: 2px solid var(--gs-focus-ring);
    outline-offset: 2px;
  }

  @media (min-width: 60rem) {
    border-block-end: 0;
    border-inline-end: 1px solid var(--gs-border);
    padding: var(--gs-space-md);

    ul,
    ul[data-open='false'] {
      display: flex;
      flex-direction: column;
      margin: 0;
    }
  }
`;

/** The phone's disclosure button: "Menu" and the section shown; gone from 60rem, where the list is a column. */
export const NavToggle = styled.button`
  display: flex;
  align-items: center;
  gap: var(--gs-space-sm);
  width: 100%;
  min-height: 44px;
  padding: var(--gs-space-xs) var(--gs-space-sm);
  border: 1px solid var(--gs-border);
  border-radius: var(--gs-radius-sm);
  background: transparent;
  color: var(--gs-body-text-color);
  font: inherit;
  text-align: start;
  cursor: pointer;

  @media (min-width: 60rem) {
    display: none;
  }
`;

export const NavCurrent = styled.span`
  font-weight: var(--gs-font-weight-bold);
  min-width: 0;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;

/** Points down while folded, up while open. */
export const Chevron = styled.span.attrs({ 'aria-hidden': true })`
  flex: none;
  margin-inline-start: auto;
  width: 0.5rem;
  height: 0.5rem;
  border-inline-end: 2px solid currentColor;
  border-block-end: 2px solid currentColor;
  transform: translateY(-25%) rotate(45deg);

  [aria-expanded='true'] > & {
    transform: translateY(25%) rotate(-135deg);
  }
`;

export const Content = styled.main`
  padding: var(--gs-space-md);
  min-width: 0;

  @media (min-width: 60rem) {
    padding: var(--gs-space-lg) var(--gs-space-xl);
  }

  &:focus {
    outline: none;
  }
`;
