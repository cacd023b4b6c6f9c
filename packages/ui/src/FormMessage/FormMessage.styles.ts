import styled from 'styled-components';
import { visuallyHidden } from '../shared/visuallyHidden.ts';

export type FormMessageTone = 'error' | 'success';

// An empty live region stays in the page, out of sight, so what appears in it later is announced.
export const FormMessageRoot = styled.p<{ $tone: FormMessageTone }>`
  margin: 0;
  color: ${({ theme, $tone }) => ($tone === 'error' ? theme.colors.danger : theme.colors.success)};
  font-weight: var(--gs-font-weight-medium);

  &:empty {
    ${visuallyHidden}
  }
`;
