import { visuallyHidden } from '@grandstand/ui';
import styled from 'styled-components';

export const Form = styled.form`
  display: grid;
  gap: var(--gs-space-md);
`;

export const Note = styled.p`
  margin: 0;
  color: var(--gs-muted-text);
  font-size: var(--gs-font-size-sm);
`;

export const Actions = styled.div`
  display: flex;
  justify-content: flex-start;
`;

/**
 * Live regions stay in the page while empty (out of sight, not display: none), so screen readers
 * announce what later appears in them.
 */
export const ServerError = styled.p`
  margin: 0;
  color: var(--gs-danger);
  font-weight: var(--gs-font-weight-medium);

  &:empty {
    ${visuallyHidden}
  }
`;

export const Success = styled.p`
  margin: 0;
  color: var(--gs-success);
  font-weight: var(--gs-font-weight-medium);

  &:empty {
    ${visuallyHidden}
  }
`;
