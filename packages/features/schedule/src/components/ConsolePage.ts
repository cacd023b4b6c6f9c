import { Page } from '@grandstand/ui';
import styled from 'styled-components';

/**
 * The site's page column in the control room: its named widths, without the site's page padding,
 * which the control room's content area already gives (the two made 32 px margins on a phone).
 */
export const ConsolePage = styled(Page)`
  padding: 0;
`;
