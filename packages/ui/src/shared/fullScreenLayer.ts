import { css } from 'styled-components';

/** The whole viewport above the page: the startup loader and the WHOOPS panel of spec §2. */
export const fullScreenLayer = css`
  position: fixed;
  inset: 0;
  z-index: var(--gs-z-overlay);
  overflow: auto;
  background: var(--gs-body-background);
`;
