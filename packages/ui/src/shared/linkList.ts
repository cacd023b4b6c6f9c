import { css } from 'styled-components';

/**
 * A bare list of links, each link a touch target's height (44 px, WCAG 2.5.5) with its text
 * centred in it: the header's menu and the footer's links.
 */
export const linkList = css`
  display: flex;
  margin: 0;
  padding: 0;
  list-style: none;

  a {
    display: inline-flex;
    align-items: center;
    min-height: 2.75rem;
  }
`;
