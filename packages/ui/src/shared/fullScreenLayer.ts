import { css } from 'styled-components';

/** The whole viewport above the page: the startup loader and the WHOOPS panel of spec §2. */
export const fullScreenLayer = css`
  position: fixed;
  inset: 0;
  z-index: ${({ theme }) => theme.zIndex.overlay};
  overflow: auto;
  background: ${({ theme }) => theme.colors.bodyBackground};
`;
