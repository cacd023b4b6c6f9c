import { visuallyHidden } from '@grandstand/ui';
import styled from 'styled-components';

/** Words for screen readers only, e.g. which event an "Edit" link edits. */
export const Hidden = styled.span`
  ${visuallyHidden}
`;
